/**
 * The billing office API keys plan in the browser: the console's real Integrations screen, its
 * session and lists answered as an office admin's with one live key, and the key's calls (make,
 * revoke) held and answered as the path says.
 */
import { shownProblems } from '@machines/form/form.rules';
import { apiKeyProblems, type apiKeysMachine } from '@machines/console/api-keys.machine';
import { apiKeyFields, type ApiKeyProblem, type ApiKeyRow, type ApiKeysFailure } from '@machines/console/api-keys.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { apiKeysModel } from '../../model/api-keys.model';
import { expect } from '../fixtures';
import type { BrowserPaths } from './browser-paths';
import { failureAnswer, json, type Answer } from './call-gate';
import { integrationsFailureMessages, keysCall as keys, machineReplay, openIntegrations } from './integrations-page';
import { expectField, leaveField } from './password-forms';

type Snapshot = SnapshotFrom<typeof apiKeysMachine>;

const revoke = (prefix: string) => `console/api-keys/${prefix}/revoke`;

const statuses = { forbidden: 403, notFound: 404, expired: 401 };

const nameField = (page: Page) => page.getByLabel('Key name', { exact: true });
const firstScope = (page: Page) => page.getByRole('checkbox', { name: 'Send statements (bills:write)' });
const scopeLabels: Record<string, string> = { 'bills:write': 'Send statements (bills:write)', 'payments:read': 'Read payments (payments:read)', 'refunds:write': 'Make refunds (refunds:write)', 'webhooks:write': 'Manage webhooks (webhooks:write)' };

/** What the name field says for each problem (the start of it). */
const nameMessages: Record<ApiKeyProblem, string> = {
  required: 'Enter a name for the key',
  tooLong: 'at most 100 characters',
  invalidCharacters: 'The name holds characters that cannot be used',
  invalid: 'This name cannot be used',
};

/** A failed call as the page meets it: the fields refused (400 with them), the network down, or the API's refusal. */
const createFailure = (error: unknown): Answer =>
  typeof error === 'object' && error !== null && 'fields' in error ? json({ error: 'invalidRequest', fields: error.fields }, 400) : failureAnswer(error, statuses);

const failureMessages: Record<ApiKeysFailure, string> = {
  notFound: 'This key is revoked already, or no longer exists.',
  ...integrationsFailureMessages,
};

const { begin, predicted, step } = machineReplay<Snapshot>(apiKeysModel.machine);

export const apiKeysPaths: BrowserPaths = {
  machine: 'api-keys',
  start: async (run) => {
    const { keys: rows } = begin(run, apiKeysModel.variants[0]?.spec.input ?? { keys: [] }).context;
    await openIntegrations(run, { keys: rows, endpoints: [], deliveries: { recent: [], failed: [] } }, rows.map((row) => revoke(row.prefix)));
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
    'xstate.error.actor.create': step((run, event) => run.gate.answer(keys, createFailure(event.error))),
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
      await expectField(nameField(page), context.draft.name, shown.name === undefined ? null : nameMessages[shown.name]);
      // After a refusal by the server, the focus is on the first field it refused.
      if (context.refusals > (run.before as Snapshot).context.refusals && context.serverProblems.name !== undefined) await expect(nameField(page)).toBeFocused();
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
