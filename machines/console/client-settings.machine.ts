/**
 * An office admin changes the lab's settings beside its look (`/{client}/office/branding`):
 * whether patients pay online, an external card page (https, or none), when the business day's
 * postings close (HH:MM) in which time zone, and how long a patient's password lasts (1 to 3650
 * days, or empty for ever). Each misfit is said at its field before anything is sent.
 */
import type { ClientSettings } from '@contracts/console-branding';
import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import type { SettingsField, SettingsProblem, SettingsFailure, ClientSettingsContext, ClientSettingsEvent } from './client-settings.types';
import { settingsFields } from './client-settings.types';

/** The settings as the form's fields hold them (text; online payments as `yes` or `no`, a lifetime of forever as empty). */
export function settingsDraft(settings: ClientSettings): Record<SettingsField, string> {
  return {
    acceptsOnlinePayments: settings.acceptsOnlinePayments ? 'yes' : 'no',
    externalCardLink: settings.externalCardLink,
    postingCutoff: settings.postingCutoff,
    timeZone: settings.timeZone,
    passwordLifetimeDays: settings.passwordLifetimeDays === null ? '' : String(settings.passwordLifetimeDays),
  };
}

/** The draft as the call sends it. */
export function settingsOf(draft: Record<SettingsField, string>): ClientSettings {
  const days = draft.passwordLifetimeDays.trim();
  return {
    acceptsOnlinePayments: draft.acceptsOnlinePayments === 'yes',
    externalCardLink: draft.externalCardLink.trim(),
    postingCutoff: draft.postingCutoff.trim(),
    timeZone: draft.timeZone.trim(),
    passwordLifetimeDays: days === '' ? null : Number(days),
  };
}

const failures: readonly SettingsFailure[] = ['expired', 'network', 'serverError'];
export const toSettingsRejection = (error: unknown) => toFormRejection<SettingsField, SettingsProblem, SettingsFailure>(error, failures);

export const clientSettingsMachine = setup({
  types: {
    context: {} as ClientSettingsContext,
    events: {} as ClientSettingsEvent,
    input: {} as { settings: ClientSettings },
    tags: {} as 'busy',
  },
  actors: {
    /** POST api/console/branding/settings: the settings as saved. */
    saveSettings: fromPromise<ClientSettings, ClientSettings>(() => Promise.reject(new Error('saveSettings not provided'))),
  },
  actions: {
    keepSaved: assign((_, { settings }: { settings: ClientSettings }) => ({ draft: settingsDraft(settings), checked: [], savedNotice: true })),
    forgetNotice: assign(() => ({ savedNotice: false })),
  },
  guards: {
    /** Every field fits the server's rules: the app provides it (branding-rules.ts). */
    isDraftValid: () => false,
  },
})
  .extend(formSetup<ClientSettingsContext, ClientSettingsEvent>(settingsFields))
  .createMachine({
    id: 'clientSettings',
    description: "An office admin changes online payments, the external card page, the posting cut-off and time zone, and the password lifetime.",
    context: ({ input }) => ({ draft: settingsDraft(input.settings), checked: [], serverProblems: {}, failure: null, refusals: 0, savedNotice: false }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The settings as they are, to change.',
        meta: { requirements: ['OFF-34'] },
        on: {
          'form.edit': {
            description: 'Keeps what was typed or chosen.',
            actions: [{ type: 'recordEdit', params: ({ event }) => event }, 'forgetNotice'],
            meta: { requirements: ['OFF-34'] },
          },
          'form.leave': {
            description: 'Leaving a field that does not fit says so at it.',
            guard: { type: 'isTypedIn', params: ({ event }) => event },
            actions: { type: 'markLeft', params: ({ event }) => event },
            meta: { requirements: ['OFF-34'] },
          },
          'form.submit': [
            { description: 'Every field fits: saved.', guard: 'isDraftValid', target: 'saving', actions: ['clearFailure', 'forgetNotice'], meta: { requirements: ['OFF-34'] } },
            { description: 'A field does not fit: nothing is sent, it says why.', actions: ['checkAllFields', 'countRefusal'], meta: { requirements: ['OFF-34'] } },
          ],
        },
      },
      saving: {
        description: 'The settings are on their way.',
        tags: ['busy'],
        meta: { requirements: ['OFF-34'] },
        invoke: {
          id: 'saveSettings',
          src: 'saveSettings',
          input: ({ context }) => settingsOf(context.draft),
          onDone: {
            description: 'Saved: said.',
            target: 'editing',
            actions: { type: 'keepSaved', params: ({ event }) => ({ settings: event.output }) },
            meta: { requirements: ['OFF-34'] },
          },
          onError: [
            {
              description: 'The server refuses a field: said at it.',
              guard: { type: 'isRefusedByServer', params: ({ event }) => toSettingsRejection(event.error) },
              target: 'editing',
              actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toSettingsRejection(event.error)) }) },
              meta: { requirements: ['OFF-34'] },
            },
            {
              description: 'Signed out meanwhile, the network or the server: said, what was typed kept.',
              target: 'editing',
              actions: {
                type: 'keepFailure',
                params: ({ event }) => {
                  const rejection = toSettingsRejection(event.error);
                  return { failure: rejection.code === 'refused' ? 'serverError' : rejection.code };
                },
              },
              meta: { requirements: ['OFF-5'] },
            },
          ],
        },
      },
    },
  });

export type ClientSettingsMachine = typeof clientSettingsMachine;
