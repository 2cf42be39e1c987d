import { shownProblems } from '@machines/form/form.rules';
import { apiKeyProblems, apiKeysMachine } from '@machines/console/api-keys.machine';
import { apiKeyFields, type ApiKeyRow } from '@machines/console/api-keys.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, errorCode, refusedFieldsOf, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

const machine = apiKeysMachine.provide({ actors: { create: fromPromise(() => never<ApiKeyRow & { key: string }>()), revoke: fromPromise(() => never<ApiKeyRow>()) } });

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const live: ApiKeyRow = { name: 'Billing system', prefix: 'pbp_0123456789', scopes: ['bills:write'], createdAt: '2026-11-01T00:00:00Z', lastUsedAt: null, revokedAt: null };
const made: ApiKeyRow & { key: string } = { ...live, name: 'Reports', prefix: 'pbp_abcdef0123', scopes: ['payments:read'], key: 'pbp_abcdef0123_secretpart' };

const allEvents = [
  { type: 'form.edit', field: 'name', value: 'Reports' },
  { type: 'form.edit', field: 'scopes', value: 'payments:read' },
  { type: 'form.leave', field: 'name' },
  { type: 'form.submit' },
  { type: 'apiKey.hide' },
  { type: 'apiKey.revoke', prefix: live.prefix },
  { type: 'apiKey.confirm' },
  { type: 'apiKey.cancel' },
  { type: 'xstate.done.actor.create', output: made },
  { type: 'xstate.error.actor.create', error: { code: 'forbidden' } },
  { type: 'xstate.error.actor.create', error: { code: 'refused', fields: { name: 'invalidCharacters' } } },
  { type: 'xstate.done.actor.revoke', output: { ...live, revokedAt: '2026-11-27T00:00:00Z' } },
  { type: 'xstate.error.actor.revoke', error: { code: 'notFound' } },
] as const;

/**
 * "I have kept it" is on the page only while a key is shown; while it is, the form is explored no
 * further (it is the same form, and each of its states times the key shown would multiply the paths).
 */
const events = (snapshot: Snapshot) =>
  snapshot.context.shownKey === null ? allEvents.filter((event) => event.type !== 'apiKey.hide') : allEvents.filter((event) => !event.type.startsWith('form.'));

// What the person sees, coarsely (each form's detail multiplies the paths): the state, the problems shown, whether the form may go, and whether a new key shows (its button is there only then).
const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({ value: snapshot.value, shown: shownProblems(context, apiKeyFields, apiKeyProblems(context.draft)), valid: Object.keys(apiKeyProblems(context.draft)).length === 0, key: context.shownKey !== null });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('creating') || snapshot.matches('revoking'));
  if (snapshot.matches('confirmingRevoke') || snapshot.matches('revoking')) expect(snapshot.context.confirming).not.toBeNull();
  // The list never holds a key itself.
  for (const row of snapshot.context.keys) expect(row).not.toHaveProperty('key');
  // A field the server refused shows its problem there, until it changes.
  const shown = shownProblems(snapshot.context, apiKeyFields, apiKeyProblems(snapshot.context.draft));
  for (const [field, problem] of Object.entries(snapshot.context.serverProblems)) expect(shown).toHaveProperty(field, problem);
  // One outcome shows at a time.
  expect([snapshot.context.shownKey, snapshot.context.notice, snapshot.context.failure].filter((each) => each !== null).length).toBeLessThanOrEqual(1);
};

/** An office admin manages the lab's API keys. */
export const apiKeysModel = defineModel({
  name: 'api-keys',
  title: 'Billing office API keys',
  machine,
  variants: [{ name: 'the integrations page opened', spec: { machine, input: { keys: [live] }, events, serializeState, assertSnapshot } }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return event.field === 'scopes' ? `Ticks the scope ${event.value}` : `Types "${event.value}" as the key's name`;
      case 'form.leave':
        return `Leaves the ${event.field} field`;
      case 'form.submit':
        return 'Chooses Create the key';
      case 'apiKey.hide':
        return 'Chooses I have kept it';
      case 'apiKey.revoke':
        return `Chooses Revoke for the key ${event.prefix}`;
      case 'apiKey.confirm':
        return 'Confirms the revocation';
      case 'apiKey.cancel':
        return 'Cancels the revocation';
      default:
        if (event.type.startsWith('xstate.done.actor')) return 'The call is done';
        if ('error' in event && errorCode(event.error) === 'refused') return `The server refuses the ${refusedFieldsOf(event.error)}`;
        if ('error' in event) return `The call fails (${errorCode(event.error)})`;
        return event.type;
    }
  },
});
