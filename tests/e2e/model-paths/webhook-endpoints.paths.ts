/**
 * The billing office webhooks plan in the browser: the console's real Integrations screen, its
 * session and lists answered as an office admin's with one live endpoint and one failed delivery,
 * and the endpoints' and deliveries' calls (add, rotate, disable, test, replay, and the deliveries
 * listed again after a test or a replay) held and answered as the path says.
 */
import { shownProblems } from '@machines/form/form.rules';
import { endpointProblems, type webhookEndpointsMachine } from '@machines/console/webhook-endpoints.machine';
import { endpointFields, type DeliveryLists, type DeliveryRow, type WebhooksFailure, type WebhooksNotice, type WebhooksRejection } from '@machines/console/webhook-endpoints.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { webhookEndpointsModel } from '../../model/webhook-endpoints.model';
import { expect } from '../fixtures';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { errorCodeOf, json, offline, refusal, type Answer } from './call-gate';
import { answerDeliveries, endpointsCall, integrationsFailureMessages, machineReplay, openIntegrations } from './integrations-page';
import { expectField, leaveField } from './password-forms';

type Snapshot = SnapshotFrom<typeof webhookEndpointsMachine>;

const rotate = (id: number) => `console/webhooks/endpoints/${String(id)}/rotate`;
const disable = (id: number) => `console/webhooks/endpoints/${String(id)}/disable`;
const test = (id: number) => `console/webhooks/endpoints/${String(id)}/test`;
const replay = (eventId: string) => `console/webhooks/events/${eventId}/replay`;

/** The API's status and code for each failure of the machine's (the network is the network; the rest, the server failing). */
const refusals: Readonly<Record<string, readonly [number, string]>> = {
  notFound: [404, 'notFound'],
  endpointDisabled: [409, 'webhookEndpointDisabled'],
  forbidden: [403, 'forbidden'],
  expired: [401, 'notSignedIn'],
};
const failed = (event: ModelEvent): Answer => {
  const code = errorCodeOf(event.error) ?? 'network';
  if (code === 'refused') {
    // The server's own words: an address it may not call is a 422 with its reason, any other refused field a 400.
    const { fields } = event.error as WebhooksRejection & { code: 'refused' };
    return fields.url === 'notAllowed' ? json({ error: 'webhookUrlNotAllowed', fields: { url: 'addressNotAllowed' } }, 422) : json({ error: 'invalidRequest', fields }, 400);
  }
  if (code === 'network') return offline;
  const [status, apiCode] = refusals[code] ?? [500, 'serverError'];
  return refusal(status, apiCode);
};

const failureMessages: Record<WebhooksFailure, string> = {
  notFound: 'That endpoint or event no longer exists, or the endpoint is disabled. Nothing changed.',
  endpointDisabled: 'This endpoint is disabled: it takes no events.',
  ...integrationsFailureMessages,
};
const fieldMessages = {
  required: 'Enter the address where events are sent.',
  invalid: 'Enter a web address starting with https://',
  notAllowed: 'The portal may not send events to this address',
} as const;
const eventNames: Record<string, string> = { 'payment.captured': 'A payment is made', 'webhook.test': 'Test event' };

const section = (page: Page) => page.locator('section[aria-labelledby="webhooks-heading"]');
const urlField = (page: Page) => page.getByLabel('Address (https)', { exact: true });
const dialog = (page: Page) => section(page).getByRole('alertdialog');

/** How a delivery went, in words (the outcomes the model's answers give): delivered or not, never the endpoint's answer. */
const outcomeText = (delivery: DeliveryRow | null) => {
  if (delivery === null) return 'No delivery yet.';
  return delivery.status === 'delivered' ? 'Delivered.' : `Failed: not delivered (attempts: ${String(delivery.attempts)}).`;
};
const noticeText = (notice: NonNullable<WebhooksNotice>) => {
  if (notice.kind === 'tested') return `Test event sent to ${notice.outcome.url}. ${outcomeText(notice.outcome.delivery)}`;
  if (notice.kind === 'disabled') return `${notice.url} is disabled: it gets no more events.`;
  return `The event is sent again to ${String(notice.deliveries)} endpoint${notice.deliveries === 1 ? '' : 's'}.`;
};

const { begin, predicted, step } = machineReplay<Snapshot>(webhookEndpointsModel.machine);

/** The endpoint the path's last event of this type was about, before the current step. */
const lastEvent = (run: PathRun, type: string): ModelEvent | undefined => run.events.slice(0, run.index).findLast((each) => each.type === type);
const confirmingId = (run: PathRun) => (run.before as Snapshot).context.confirming?.id ?? 0;
const urlOf = (run: PathRun, id: number) => (run.before as Snapshot).context.endpoints.find((row) => row.id === id)?.url ?? '';

/** A yes given: the question goes, and the screen works on it. */
const afterYes = async ({ page }: PathRun) => {
  await expect(dialog(page)).toHaveCount(0);
  await expect(section(page).locator('form[aria-busy="true"]')).toHaveCount(1);
};

export const webhookEndpointsPaths: BrowserPaths = {
  machine: 'webhook-endpoints',
  start: async (run) => {
    const { endpoints, deliveries } = begin(run, webhookEndpointsModel.variants[0]?.spec.input ?? { endpoints: [], deliveries: { recent: [], failed: [] } }).context;
    const calls = [...endpoints.flatMap((row) => [rotate(row.id), disable(row.id), test(row.id)]), ...deliveries.failed.map((row) => replay(row.eventId))];
    await openIntegrations(run, { keys: [], endpoints, deliveries }, calls);
  },
  steps: {
    'form.edit': step(async ({ page }, event) => {
      if (event.field !== 'url') throw new Error(`No browser mapping for editing the field ${String(event.field)}`);
      await urlField(page).fill(String(event.value));
    }),
    'form.leave': step(({ page }) => leaveField(page, urlField(page))),
    'form.submit': step(async (run) => {
      await section(run.page).getByRole('button', { name: 'Add the endpoint' }).click();
      if (predicted(run).matches('adding')) await run.gate.arrived(endpointsCall);
    }),
    'secret.hide': step(({ page }) => section(page).getByRole('button', { name: 'I have kept it' }).click()),
    'endpoint.rotate': step((run, event) => run.page.getByRole('button', { name: `Rotate the secret of ${urlOf(run, Number(event.id))}` }).click()),
    'endpoint.disable': step((run, event) => run.page.getByRole('button', { name: `Disable ${urlOf(run, Number(event.id))}` }).click()),
    'endpoint.test': step(async (run, event) => {
      await run.page.getByRole('button', { name: `Send a test event to ${urlOf(run, Number(event.id))}` }).click();
      await run.gate.arrived(test(Number(event.id)));
    }),
    'endpoint.confirm': step(async (run) => {
      const rotation = (run.before as Snapshot).context.confirming?.action === 'rotate';
      await dialog(run.page).getByRole('button', { name: rotation ? 'Rotate the secret' : 'Disable', exact: true }).click();
      await run.gate.arrived((rotation ? rotate : disable)(confirmingId(run)));
    }),
    'endpoint.cancel': step(({ page }) => dialog(page).getByRole('button', { name: 'Cancel' }).click()),
    'delivery.replay': step(async (run, event) => {
      const delivery = (run.before as Snapshot).context.deliveries.failed.find((each) => each.eventId === event.eventId);
      await run.page.getByRole('button', { name: `Replay ${eventNames[delivery?.eventType ?? ''] ?? ''}` }).click();
      await run.gate.arrived(replay(String(event.eventId)));
    }),
    'xstate.done.actor.add': step((run, event) => run.gate.answer(endpointsCall, json(event.output, 201))),
    'xstate.error.actor.add': step((run, event) => run.gate.answer(endpointsCall, failed(event))),
    'xstate.done.actor.rotate': step((run, event) => run.gate.answer(rotate(confirmingId(run)), json(event.output))),
    'xstate.error.actor.rotate': step((run, event) => run.gate.answer(rotate(confirmingId(run)), failed(event))),
    'xstate.done.actor.disable': step((run, event) => run.gate.answer(disable(confirmingId(run)), json(event.output))),
    'xstate.error.actor.disable': step((run, event) => run.gate.answer(disable(confirmingId(run)), failed(event))),
    // The test is sent, then the deliveries are read until its first attempt shows (at once here).
    'xstate.done.actor.test': step(async (run, event) => {
      const { delivery, deliveries } = event.output as { delivery: DeliveryRow | null; deliveries: DeliveryLists };
      await run.gate.answer(test(Number(lastEvent(run, 'endpoint.test')?.id)), json({ eventId: delivery?.eventId ?? 'evt_none', deliveries: 1 }, 202));
      await answerDeliveries(run, deliveries);
    }),
    'xstate.error.actor.test': step((run, event) => run.gate.answer(test(Number(lastEvent(run, 'endpoint.test')?.id)), failed(event))),
    'xstate.done.actor.replay': step(async (run, event) => {
      const { eventId, sent, deliveries } = event.output as { eventId: string; sent: number; deliveries: DeliveryLists };
      await run.gate.answer(replay(eventId), json({ deliveries: sent }, 202));
      await answerDeliveries(run, deliveries);
    }),
    'xstate.error.actor.replay': step((run, event) => run.gate.answer(replay(String(lastEvent(run, 'delivery.replay')?.eventId)), failed(event))),
  },
  screens: {
    // The endpoints, the failed deliveries, the form with its problems, and what shows above them: a secret, a notice, a failure.
    'webhookEndpoints.ready': async (run) => {
      const { page } = run;
      const { context } = predicted(run);
      const here = section(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Webhook endpoints' })).toBeVisible();
      for (const row of context.endpoints) {
        const shown = here.getByRole('row').filter({ hasText: row.url });
        if (row.disabledAt === null) await expect(shown.getByRole('button', { name: `Disable ${row.url}` })).toBeVisible();
        else await expect(shown).toContainText('No, since');
      }
      await expect(page.getByRole('button', { name: /^Replay / })).toHaveCount(context.deliveries.failed.length);
      const problem = shownProblems(context, endpointFields, endpointProblems(context.draft)).url;
      await expectField(urlField(page), context.draft.url, problem === undefined ? null : fieldMessages[problem]);
      // After a refusal by the server, the focus is on the address it refused.
      if (context.refusals > (run.before as Snapshot).context.refusals && context.serverProblems.url !== undefined) await expect(urlField(page)).toBeFocused();
      if (context.shownSecret) {
        await expect(here.getByTestId('shown-once')).toHaveText(context.shownSecret.secret);
        await expect(here.getByRole('group').filter({ has: page.getByTestId('shown-once') })).toContainText(context.shownSecret.rotated ? 'The new signing secret of' : `${context.shownSecret.url} is added.`);
      } else await expect(here.getByTestId('shown-once')).toHaveCount(0);
      if (context.notice) await expect(here.getByRole('status').filter({ hasText: noticeText(context.notice) })).toBeVisible();
      if (context.failure) await expect(here.getByRole('alert').filter({ hasText: failureMessages[context.failure] })).toBeVisible();
      else await expect(here.locator('.form-error')).toHaveCount(0);
      await expect(dialog(page)).toHaveCount(0);
      await expect(here.locator('form[aria-busy="true"]')).toHaveCount(0);
    },
    'webhookEndpoints.adding': async ({ page }) => {
      await expect(section(page).locator('form[aria-busy="true"]')).toHaveCount(1);
      await expect(section(page).getByRole('button', { name: 'Working…' })).toBeVisible();
    },
    'webhookEndpoints.confirming': async (run) => {
      const { confirming, endpoints } = predicted(run).context;
      const url = endpoints.find((row) => row.id === confirming?.id)?.url ?? '';
      await expect(dialog(run.page)).toContainText(confirming?.action === 'rotate' ? `Give ${url} a new signing secret?` : `Disable ${url}? Its waiting deliveries fail`);
      await expect(section(run.page).getByTestId('shown-once')).toHaveCount(0);
    },
    'webhookEndpoints.rotating': afterYes,
    'webhookEndpoints.disabling': afterYes,
    'webhookEndpoints.testing': async ({ page }) => {
      await expect(section(page).getByRole('status').filter({ hasText: "Sending a test event and waiting for the endpoint's answer…" })).toBeVisible();
      await expect(section(page).locator('form[aria-busy="true"]')).toHaveCount(1);
    },
    'webhookEndpoints.replaying': async ({ page }) => {
      await expect(section(page).locator('form[aria-busy="true"]')).toHaveCount(1);
      await expect(section(page).getByRole('button', { name: 'Working…' })).toBeVisible();
    },
  },
};
