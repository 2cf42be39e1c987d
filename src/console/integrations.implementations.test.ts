import { apiKeysMachine } from '@machines/console/api-keys.machine';
import { selectFailure, selectKeyProblems } from '@machines/console/api-keys.selectors';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { answerCallsWith } from '@/lib/api/http';
import { createApiKeysImplementations } from './integrations.implementations';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API keys' form over its real calls, the server answering every call with `answer`. */
function apiKeysAnswered(answer: Response) {
  answerCallsWith(() => Promise.resolve(answer.clone()));
  return createActor(apiKeysMachine.provide(createApiKeysImplementations()), { input: { keys: [] } }).start();
}

describe('making an API key', () => {
  it("shows the server's refusal of the name at the name field, not as a failure above the form", async () => {
    const actor = apiKeysAnswered(json({ error: 'invalidRequest', fields: { name: 'invalidCharacters', 'scopes.0': 'invalid' } }, 400));
    actor.send({ type: 'form.edit', field: 'name', value: 'Billing\tsystem' });
    actor.send({ type: 'form.edit', field: 'scopes', value: 'bills:write' });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (each) => !each.hasTag('busy'));
    expect(selectKeyProblems(snapshot)).toEqual({ name: 'invalidCharacters', scopes: 'invalid' });
    expect(selectFailure(snapshot)).toBeNull();
  });

  it('says a refusal that names no field above the form, as the server failing', async () => {
    const actor = apiKeysAnswered(json({ error: 'invalidRequest' }, 400));
    actor.send({ type: 'form.edit', field: 'name', value: 'Billing system' });
    actor.send({ type: 'form.edit', field: 'scopes', value: 'bills:write' });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (each) => !each.hasTag('busy'));
    expect(selectFailure(snapshot)).toBe('serverError');
    expect(selectKeyProblems(snapshot)).toEqual({});
  });
});
