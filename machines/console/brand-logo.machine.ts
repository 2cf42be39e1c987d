/**
 * An office admin uploads the lab's logo (a PNG or an SVG, at most 1 MB) or removes it
 * (`/{client}/office/branding`). A file of another type or too large is refused before it is
 * sent; the server's refusals (not an image by its bytes, a script in an SVG, more than 2000
 * pixels) are said in words; the stored logo stays as it was.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ChosenLogo, LogoRefusal, LogoFailure, StoredLogo, BrandLogoContext, BrandLogoEvent } from './brand-logo.types';

const MAX_BYTES = 1024 * 1024;
const TYPES = ['image/png', 'image/svg+xml'];

/** A chosen file's problem before it is sent: its type (by what the browser says) or its size. */
export function chosenLogoProblem(logo: { size: number; type: string }): LogoRefusal | null {
  if (!TYPES.includes(logo.type)) return 'logoNotAnImage';
  if (logo.size > MAX_BYTES) return 'logoTooLarge';
  return null;
}

const codeOf = (error: unknown): string => (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : 'serverError');
const refusals: readonly string[] = ['logoNotAnImage', 'logoTooLarge', 'logoTooManyPixels'];
const failureOf = (error: unknown): LogoFailure => {
  const code = codeOf(error);
  return code === 'expired' || code === 'network' ? code : 'serverError';
};

export const brandLogoMachine = setup({
  types: {
    context: {} as BrandLogoContext,
    events: {} as BrandLogoEvent,
    input: {} as { logo: StoredLogo },
    tags: {} as 'busy',
  },
  actors: {
    /** POST api/console/branding/logo: where the stored logo loads from now. */
    upload: fromPromise<StoredLogo, { file: Blob; type: string }>(() => Promise.reject(new Error('upload not provided'))),
    /** POST api/console/branding/logo/remove. */
    remove: fromPromise<StoredLogo>(() => Promise.reject(new Error('remove not provided'))),
  },
  actions: {
    choose: assign((_, { logo }: { logo: ChosenLogo }) => ({ chosen: { name: logo.name, size: logo.size, type: logo.type }, pending: logo.file, refusal: null, failure: null, notice: null })),
    refuseChosen: assign((_, { logo }: { logo: ChosenLogo }) => ({ chosen: { name: logo.name, size: logo.size, type: logo.type }, pending: null, refusal: chosenLogoProblem(logo), failure: null, notice: null })),
    keepLogo: assign((_, { logo, notice }: { logo: StoredLogo; notice: 'uploaded' | 'removed' }) => ({ logo, pending: null, chosen: null, refusal: null, failure: null, notice })),
    keepRefusal: assign((_, { code }: { code: string }) => ({ refusal: refusals.includes(code) ? (code as LogoRefusal) : 'logoNotAnImage', pending: null })),
    keepFailure: assign((_, { failure }: { failure: LogoFailure }) => ({ failure, pending: null })),
    clearOutcome: assign(() => ({ refusal: null, failure: null, notice: null })),
  },
  guards: {
    isSendable: (_, { logo }: { logo: ChosenLogo }) => chosenLogoProblem(logo) === null,
    isRefusal: (_, { error }: { error: unknown }) => refusals.includes(codeOf(error)),
    hasLogo: ({ context }) => context.logo.url !== null,
  },
}).createMachine({
  id: 'brandLogo',
  description: "An office admin uploads the lab's logo (PNG or SVG, at most 1 MB) or removes it.",
  context: ({ input }) => ({ logo: input.logo, chosen: null, pending: null, refusal: null, failure: null, notice: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The stored logo (or none), a file to choose, and Remove.',
      meta: { requirements: ['OFF-33'] },
      on: {
        'logo.choose': [
          {
            description: 'A PNG or an SVG of at most 1 MB: it is sent.',
            guard: { type: 'isSendable', params: ({ event }) => event },
            target: 'uploading',
            actions: { type: 'choose', params: ({ event }) => event },
            meta: { requirements: ['OFF-33'] },
          },
          {
            description: 'Another type, or more than 1 MB: said, nothing sent, the stored logo kept.',
            actions: { type: 'refuseChosen', params: ({ event }) => event },
            meta: { requirements: ['OFF-33'] },
          },
        ],
        'logo.remove': { description: 'Removing asks first.', guard: 'hasLogo', target: 'confirmingRemoval', actions: 'clearOutcome', meta: { requirements: ['OFF-33'] } },
      },
    },
    uploading: {
      description: 'The logo is on its way.',
      tags: ['busy'],
      meta: { requirements: ['OFF-33'] },
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ file: context.pending ?? new Blob(), type: context.chosen?.type ?? '' }),
        onDone: {
          description: 'Stored: shown as the patients’ pages show it; said.',
          target: 'idle',
          actions: { type: 'keepLogo', params: ({ event }) => ({ logo: event.output, notice: 'uploaded' as const }) },
          meta: { requirements: ['OFF-33'] },
        },
        onError: [
          {
            description: 'Refused (not an image by its bytes, a script, too many pixels): said, the stored logo kept.',
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ code: codeOf(event.error) }) },
            meta: { requirements: ['OFF-33'] },
          },
          {
            description: 'Signed out meanwhile, the network or the server: said, the stored logo kept.',
            target: 'idle',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            meta: { requirements: ['OFF-5'] },
          },
        ],
      },
    },
    confirmingRemoval: {
      description: 'Remove the logo? The patients’ pages show the lab’s name instead.',
      meta: { requirements: ['OFF-33'] },
      on: {
        'logo.confirm': { description: 'Yes: it is removed.', target: 'removing', meta: { requirements: ['OFF-33'] } },
        'logo.cancel': { description: 'No: nothing changes.', target: 'idle', meta: { requirements: ['OFF-33'] } },
      },
    },
    removing: {
      description: 'The removal is on its way.',
      tags: ['busy'],
      meta: { requirements: ['OFF-33'] },
      invoke: {
        id: 'remove',
        src: 'remove',
        onDone: {
          description: 'Removed: the pages show the name; said.',
          target: 'idle',
          actions: { type: 'keepLogo', params: ({ event }) => ({ logo: event.output, notice: 'removed' as const }) },
          meta: { requirements: ['OFF-33'] },
        },
        onError: {
          description: 'A failure: said, the logo kept.',
          target: 'idle',
          actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
          meta: { requirements: ['OFF-5'] },
        },
      },
    },
  },
});

export type BrandLogoMachine = typeof brandLogoMachine;
