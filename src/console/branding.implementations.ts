/**
 * The effects of the Branding screen's machines: the calls, and what their failures mean to them
 * (a refused field at its field, a contrast refusal with its pairs, a logo refusal by its code, a
 * session that ended, the network, the server).
 */
import type { BrandColours } from '@contracts/branding';
import type { ClientSettings } from '@contracts/console-branding';
import type { brandColoursMachine } from '@machines/console/brand-colours.machine';
import type { brandLogoMachine } from '@machines/console/brand-logo.machine';
import type { StoredLogo } from '@machines/console/brand-logo.types';
import type { clientSettingsMachine } from '@machines/console/client-settings.machine';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { CallError } from '@/lib/api/call-error';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { isColourDraftSavable, settingsProblems } from './branding-rules';
import { removeLogo, saveBrandColours, saveClientSettings, uploadLogo } from './office-api';

/** The failure of a call: a form's refused fields (`refused`), a contrast refusal, a logo's, or expired, network, serverError. */
export function brandingError(error: unknown): CallError {
  if (!(error instanceof ApiError)) return new CallError('serverError', {}, { cause: error });
  if (error.code === 'invalidRequest') {
    const fields = Object.fromEntries(Object.keys(fieldErrorsOf(error)).map((field) => [field, 'invalid']));
    return Object.keys(fields).length > 0 ? new CallError('refused', { fields }, { cause: error }) : new CallError('serverError', {}, { cause: error });
  }
  if (error.code === 'contrastTooLow') {
    const body = error.body as { problems?: unknown } | undefined;
    return new CallError('contrastTooLow', { problems: Array.isArray(body?.problems) ? body.problems : [] }, { cause: error });
  }
  const known: Record<string, string> = { notSignedIn: 'expired', network: 'network', logoNotAnImage: 'logoNotAnImage', logoTooLarge: 'logoTooLarge', logoTooManyPixels: 'logoTooManyPixels' };
  return new CallError(known[error.code] ?? 'serverError', {}, { cause: error });
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw brandingError(error);
  }
}

export function createBrandColoursImplementations(): MachineImplementationsFrom<typeof brandColoursMachine> {
  return {
    actors: { saveColours: fromPromise<BrandColours, BrandColours>(({ input }) => guarded(async () => (await saveBrandColours(input)).colours)) },
    guards: { isDraftValid: ({ context }) => isColourDraftSavable(context.draft) },
  };
}

export function createClientSettingsImplementations(): MachineImplementationsFrom<typeof clientSettingsMachine> {
  return {
    actors: { saveSettings: fromPromise<ClientSettings, ClientSettings>(({ input }) => guarded(async () => (await saveClientSettings(input)).settings)) },
    guards: { isDraftValid: ({ context }) => Object.keys(settingsProblems(context.draft)).length === 0 },
  };
}

export function createBrandLogoImplementations(): MachineImplementationsFrom<typeof brandLogoMachine> {
  return {
    actors: {
      upload: fromPromise<StoredLogo, { file: Blob; type: string }>(({ input, signal }) => guarded(async () => ({ url: (await uploadLogo(input.file, input.type, { signal })).logoUrl }))),
      remove: fromPromise<StoredLogo>(() => guarded(async () => ({ url: (await removeLogo()).logoUrl }))),
    },
  };
}
