import { apiKeysMachine } from '@machines/console/api-keys.machine';
import { selectFailure, selectKeyProblems } from '@machines/console/api-keys.selectors';
import { webhookEndpointsMachine } from '@machines/console/webhook-endpoints.machine';
import * as webhooks from '@machines/console/webhook-endpoints.selectors';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { answerCallsWith } from '@/lib/api/http';
import { createApiKeysImplementations, createWebhookEndpointsImplementations } from './integrations.implementations';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A key of this name for bills:write made over the real call, the server answering with `answer`; the form once the answer is read. */
function keyMadeAnswered(answer: Response, name: string) {
  answerCallsWith(() => Promise.resolve(answer.clone()));
  const actor = createActor(apiKeysMachine.provide(createApiKeysImplementations()), { input: { keys: [] } }).start();
  actor.send({ type: 'form.edit', field: 'name', value: name });
  actor.send({ type: 'form.edit', field: 'scopes', value: 'bills:write' });
  actor.send({ type: 'form.submit' });
  return waitFor(actor, (each) => !each.hasTag('busy'));
}

describe('making an API key', () => {
  it("shows the server's refusal of the name at the name field, not as a failure above the form", async () => {
    const snapshot = await keyMadeAnswered(json({ error: 'invalidRequest', fields: { name: 'invalidCharacters', 'scopes.0': 'invalid' } }, 400), 'Billing\tsystem');
    expect(selectKeyProblems(snapshot)).toEqual({ name: 'invalidCharacters', scopes: 'invalid' });
    expect(selectFailure(snapshot)).toBeNull();
  });

  it('says a refusal that names no field above the form, as the server failing', async () => {
    const snapshot = await keyMadeAnswered(json({ error: 'invalidRequest' }, 400), 'Billing system');
    expect(selectFailure(snapshot)).toBe('serverError');
    expect(selectKeyProblems(snapshot)).toEqual({});
  });
});

/** An endpoint at this address added over the real call, the server answering with `answer`; the form once the answer is read. */
function endpointAddedAnswered(answer: Response, url: string) {
  answerCallsWith(() => Promise.resolve(answer.clone()));
  const actor = createActor(webhookEndpointsMachine.provide(createWebhookEndpointsImplementations()), { input: { endpoints: [], deliveries: { recent: [], failed: [] } } }).start();
  actor.send({ type: 'form.edit', field: 'url', value: url });
  actor.send({ type: 'form.submit' });
  return waitFor(actor, (each) => !each.hasTag('busy'));
}

describe('adding a webhook endpoint', () => {
  it('says an address the portal may not call at the address field', async () => {
    const snapshot = await endpointAddedAnswered(json({ error: 'webhookUrlNotAllowed', fields: { url: 'addressNotAllowed' } }, 422), 'https://169.254.169.254/latest/meta-data');
    expect(webhooks.selectEndpointProblems(snapshot)).toEqual({ url: 'notAllowed' });
    expect(webhooks.selectFailure(snapshot)).toBeNull();
  });

  it('says an address the server reads as no web address as such at its field, not as one it may not call', async () => {
    const snapshot = await endpointAddedAnswered(json({ error: 'invalidRequest', fields: { url: 'invalid' } }, 400), 'https://billing.example.com/hooks');
    expect(webhooks.selectEndpointProblems(snapshot)).toEqual({ url: 'invalid' });
    expect(webhooks.selectFailure(snapshot)).toBeNull();
  });

  it('says events the server refused at the events', async () => {
    const snapshot = await endpointAddedAnswered(json({ error: 'invalidRequest', fields: { 'eventTypes.0': 'invalid' } }, 400), 'https://billing.example.com/hooks');
    expect(webhooks.selectEndpointProblems(snapshot)).toEqual({ eventTypes: 'invalid' });
  });
});
