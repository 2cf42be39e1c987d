/**
 * The billing office API keys plan in the browser: the console's real Integrations screen, its
 * session and lists answered as an office admin's with one live key, and the key's calls (make,
 * revoke) held and answered as the path says.
 */
import { shownProblems } from '@machines/form/form.rules';
import { apiKeyFields, apiKeyProblems, type apiKeysMachine, type ApiKeyRow, type ApiKeysFailure } from '@machines/office/api-keys.machine';
import type { Page } from '@playwright/test';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { apiKeysModel } from '../../model/api-keys.model';
import { expect } from '../fixtures';
import type { BrowserPaths, ModelEvent, PathRun, StepAction } from './browser-paths';
import { failureAnswer, json } from './call-gate';
import { expectField, leaveField } from './password-forms';

type Snapshot = SnapshotFrom<typeof apiKeysMachine>;

const session = 'console/session';
const keys = 'console/api-keys';
const endpoints = 'console/webhooks/endpoints';
const deliveries = 'console/webhooks/deliveries';
const revoke = (prefix: string) => `console/api-keys/${prefix}/revoke`;

const signedInSession = { stage: 'signedIn', email: 'office.admin@sunriselabs.example', role: 'officeAdmin', clientCode: 'SUN', clientName: 'Sunrise Laboratories', idleSeconds: 900 };
const statuses = { forbidden: 403, notFound: 404, expired: 401 };

const nameField = (page: Page) => page.getByLabel('Key name', { exact: true });
const firstScope = (page: Page) => page.getByRole('checkbox', { name: 'Send statements (bills:write)' });
const scopeLabels: Record<string, string> = { 'bills:write': 'Send statements (bills:write)', 'payments:read': 'Read payments (payments:read)', 'refunds:write': 'Make refunds (refunds:write)' };

const failureMessages: Record<ApiKeysFailure, string> = {
  notFound: 'This key is revoked already, or no longer exists.',
  forbidden: 'Only an office admin can manage API keys and webhooks.',
  expired: 'Your session has ended',
  network: 'We could not reach the portal.',
  serverError: 'Something went wrong on our side.',
};

/**
 * What the screen must show: the path's events replayed on the machine itself. The plan's own
 * snapshots cannot say it, as its model keeps only the state and the form's problems (so that
 * its paths stay few), and a snapshot it keeps may come from another history.
 */
const replays = new WeakMap<PathRun, Actor<typeof apiKeysModel.machine>>();
const predicted = (run: PathRun): Snapshot => {
  const actor = replays.get(run);
  if (!actor) throw new Error('The path has not started');
  return actor.getSnapshot() as Snapshot;
};
/** A step that first moves the replay on by the step's event. */
const step =
  (action: StepAction): StepAction =>
  async (run, event: ModelEvent) => {
    const before = predicted(run);
    replays.get(run)?.send(event);
    // The step reads the replay's snapshot before its event, not the plan's.
    run.before = before;
    await action(run, event);
  };

export const apiKeysPaths: BrowserPaths = {
  machine: 'api-keys',
  start: async (run) => {
    const actor = createActor(apiKeysModel.machine, { input: apiKeysModel.variants[0]?.spec.input ?? { keys: [] } }).start();
    replays.set(run, actor);
    const { keys: rows } = predicted(run).context;
    run.gate.hold(session, keys, endpoints, deliveries, ...rows.map((row) => revoke(row.prefix)));
    await run.page.goto('/SUN/office/integrations');
    await run.gate.answer(session, json(signedInSession));
    await run.gate.answer(keys, json({ keys: rows }));
    await run.gate.answer(endpoints, json({ endpoints: [] }));
    await run.gate.answer(deliveries, json({ deliveries: [] }));
    await run.gate.answer(deliveries, json({ deliveries: [] }));
  },
  steps: {
    'form.edit': step(async ({ page }, event) => {
      if (event.field === 'name') {
        await nameField(page).fill(String(event.value));
        return;
      }
      const chosen = String(event.value).split(' ');
      for (const [scope, label] of Object.entries(scopeLabels)) await page.getByRole('checkbox', { name: label }).setChecked(chosen.includes(scope));
    }),
    'form.leave': step(({ page }, event) => leaveField(page, event.field === 'name' ? nameField(page) : firstScope(page))),
    'form.submit': step(async (run) => {
      await run.page.getByRole('button', { name: 'Create the key' }).click();
      if (predicted(run).matches('creating')) await run.gate.arrived(keys);
    }),
    'apiKey.hide': step(({ page }) => page.getByRole('button', { name: 'I have kept it' }).click()),
    'apiKey.revoke': step(async ({ page, before }, event) => {
      const row = (before as Snapshot).context.keys.find((each) => each.prefix === event.prefix);
      await page.getByRole('button', { name: `Revoke ${row?.name ?? ''}` }).click();
    }),
    'apiKey.confirm': step(async (run) => {
      await run.page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
      await run.gate.arrived(revoke((run.before as Snapshot).context.confirming ?? ''));
    }),
    'apiKey.cancel': step(({ page }) => page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()),
    'xstate.done.actor.create': step((run, event) => run.gate.answer(keys, json(event.output, 201))),
    'xstate.error.actor.create': step((run, event) => run.gate.answer(keys, failureAnswer(event.error, statuses))),
    'xstate.done.actor.revoke': step((run, event) => run.gate.answer(revoke((event.output as ApiKeyRow).prefix), json(event.output))),
    'xstate.error.actor.revoke': step((run, event) => run.gate.answer(revoke((run.before as Snapshot).context.confirming ?? ''), failureAnswer(event.error, statuses))),
  },
  screens: {
    // The list, the form with its problems, and what shows above them: the new key, a notice, a failure.
    'apiKeys.ready': async (run) => {
      const { page } = run;
      const snapshot = predicted(run);
      const { context } = snapshot;
      await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
      for (const row of context.keys) await expect(page.getByRole('row').filter({ hasText: row.prefix })).toContainText(row.revokedAt === null ? `Revoke ${row.name}` : 'Revoked');
      const shown = shownProblems(context, apiKeyFields, apiKeyProblems(context.draft));
      await expectField(nameField(page), context.draft.name, shown.name === undefined ? null : shown.name === 'required' ? 'Enter a name for the key' : 'at most 100 characters');
      await expect(page.getByText('Choose at least one scope.')).toHaveCount(shown.scopes === undefined ? 0 : 1);
      if (context.shownKey) await expect(page.getByTestId('shown-once')).toHaveText(context.shownKey.key);
      else await expect(page.getByTestId('shown-once')).toHaveCount(0);
      await expect(page.getByText(/is revoked: its next call is refused/)).toHaveCount(context.notice ? 1 : 0);
      if (context.failure) await expect(page.getByRole('alert').filter({ hasText: failureMessages[context.failure] })).toBeVisible();
      else await expect(page.locator('.form-error')).toHaveCount(0);
    },
    'apiKeys.creating': async ({ page }) => {
      await expect(page.locator('form[aria-busy="true"]')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Working…' })).toBeVisible();
    },
    'apiKeys.confirmingRevoke': async ({ page }) => {
      await expect(page.getByRole('alertdialog')).toContainText('Its next call is refused, and this cannot be undone.');
    },
    'apiKeys.revoking': async ({ page }) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.locator('form[aria-busy="true"]')).toHaveCount(1);
    },
  },
};
