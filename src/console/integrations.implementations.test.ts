import { apiKeysMachine } from '@machines/console/api-keys.machine';
import { selectFailure, selectKeyProblems } from '@machines/console/api-keys.selectors';
import { webhookEndpointsMachine } from '@machines/console/webhook-endpoints.machine';
import * as webhooks from '@machines/console/webhook-endpoints.selectors';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { answerCallsWith } from '@/lib/api/http';
import { createApiKeysImplementations, createWebhookEndpointsImplementations } from './integrations.implementations';

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

/** The webhook endpoints' form over its real calls, the server answering every call with `answer`. */
function endpointsAnswered(answer: Response) {
  answerCallsWith(() => Promise.resolve(answer.clone()));
  return createActor(webhookEndpointsMachine.provide(createWebhookEndpointsImplementations()), { input: { endpoints: [], deliveries: { recent: [], failed: [] } } }).start();
}

describe('adding a webhook endpoint', () => {
  it('says an address the portal may not call at the address field', async () => {
    const actor = endpointsAnswered(json({ error: 'webhookUrlNotAllowed', fields: { url: 'addressNotAllowed' } }, 422));
    actor.send({ type: 'form.edit', field: 'url', value: 'https://169.254.169.254/latest/meta-data' });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (each) => !each.hasTag('busy'));
    expect(webhooks.selectEndpointProblems(snapshot)).toEqual({ url: 'notAllowed' });
    expect(webhooks.selectFailure(snapshot)).toBeNull();
  });

  it('says an address the server reads as no web address as such at its field, not as one it may not call', async () => {
    const actor = endpointsAnswered(json({ error: 'invalidRequest', fields: { url: 'invalid' } }, 400));
    actor.send({ type: 'form.edit', field: 'url', value: 'https://billing.example.com/hooks' });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (each) => !each.hasTag('busy'));
    expect(webhooks.selectEndpointProblems(snapshot)).toEqual({ url: 'invalid' });
    expect(webhooks.selectFailure(snapshot)).toBeNull();
  });

  it('says events the server refused at the events', async () => {
    const actor = endpointsAnswered(json({ error: 'invalidRequest', fields: { 'eventTypes.0': 'invalid' } }, 400));
    actor.send({ type: 'form.edit', field: 'url', value: 'https://billing.example.com/hooks' });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (each) => !each.hasTag('busy'));
    expect(webhooks.selectEndpointProblems(snapshot)).toEqual({ eventTypes: 'invalid' });
  });
});
