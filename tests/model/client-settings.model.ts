import type { ClientSettings } from '@contracts/console-branding';
import { shownProblems } from '@machines/form/form.rules';
import { clientSettingsMachine } from '@machines/console/client-settings.machine';
import { settingsFields } from '@machines/console/client-settings.types';
import { settingsProblems } from '@/console/branding-rules';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, errorCode, refusedFieldsOf, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

const machine = clientSettingsMachine.provide({
  actors: { saveSettings: fromPromise(() => never<ClientSettings>()) },
  guards: { isDraftValid: ({ context }) => Object.keys(settingsProblems(context.draft)).length === 0 },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const settings: ClientSettings = { acceptsOnlinePayments: true, externalCardLink: '', postingCutoff: '21:30', timeZone: 'America/Chicago', passwordLifetimeDays: null };

const events: Spec['events'] = [
  { type: 'form.edit', field: 'postingCutoff', value: '25:00' },
  { type: 'form.edit', field: 'postingCutoff', value: '18:45' },
  { type: 'form.edit', field: 'postingCutoff', value: '' },
  { type: 'form.edit', field: 'acceptsOnlinePayments', value: 'no' },
  { type: 'form.leave', field: 'postingCutoff' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.saveSettings', output: { ...settings, postingCutoff: '18:45' } },
  { type: 'xstate.error.actor.saveSettings', error: { code: 'refused', fields: { timeZone: 'invalid' } } },
  { type: 'xstate.error.actor.saveSettings', error: { code: 'network' } },
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({ value: snapshot.value, draft: context.draft, shown: shownProblems(context, settingsFields, settingsProblems(context.draft)), failure: context.failure, saved: context.savedNotice });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving'));
  if (snapshot.matches('saving')) expect(settingsProblems(snapshot.context.draft)).toEqual({});
  expect(snapshot.context.savedNotice && snapshot.context.failure !== null).toBe(false);
};

/** An office admin changes the lab's settings. */
export const clientSettingsModel = defineModel({
  name: 'client-settings',
  title: 'Billing office branding: settings',
  machine,
  variants: [{ name: 'the branding page opened by an office admin', spec: { machine, input: { settings }, events, serializeState, assertSnapshot } }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return `Types "${event.value}" as the ${event.field}`;
      case 'form.leave':
        return `Leaves the ${event.field} field`;
      case 'form.submit':
        return 'Chooses Save the settings';
      default:
        if (event.type.startsWith('xstate.done.actor')) return 'The settings are saved';
        if ('error' in event && errorCode(event.error) === 'refused') return `The server refuses the ${refusedFieldsOf(event.error)}`;
        if ('error' in event) return `The save fails (${errorCode(event.error)})`;
        return event.type;
    }
  },
});
