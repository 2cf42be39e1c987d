/**
 * The Branding screen's settings plan in the browser: online payments, the card page, the
 * posting cut-off and time zone, the password lifetime, each save held and answered as the path
 * says (saved, a field the server refuses, the network down).
 */
import type { ClientSettings } from '@contracts/console-branding';
import { shownProblems } from '@machines/form/form.rules';
import { type clientSettingsMachine } from '@machines/console/client-settings.machine';
import { settingsFields, type SettingsField } from '@machines/console/client-settings.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { settingsProblems } from '@/console/branding-rules';
import { expect } from '../fixtures';
import type { BrowserPaths, PathRun } from './browser-paths';
import { brandingAnswer, brandingSection, openBranding } from './branding-page';
import { json } from './call-gate';
import { consoleFailure, consoleFailureMessages } from './console-page';
import { expectField, leaveField } from './password-forms';

type Snapshot = SnapshotFrom<typeof clientSettingsMachine>;

const save = 'console/branding/settings';
const labels: Record<SettingsField, string> = {
  acceptsOnlinePayments: 'Patients pay online in the portal',
  externalCardLink: 'External card payment page (optional)',
  postingCutoff: 'Posting cut-off (HH:MM)',
  timeZone: 'Time zone',
  passwordLifetimeDays: 'Password lifetime in days (optional)',
};
const messages: Record<SettingsField, string> = {
  acceptsOnlinePayments: 'Choose yes or no.',
  externalCardLink: "Enter the card page's address starting with https://, or leave it empty.",
  postingCutoff: 'Enter the time as HH:MM on a 24-hour clock, such as 21:30.',
  timeZone: 'Enter a time zone by its name, such as America/Chicago.',
  passwordLifetimeDays: 'Enter a number of days from 1 to 3650, or leave it empty for passwords that never expire.',
};
const settings = (page: Page) => brandingSection(page, 'Payments and sign-in settings');
const field = (page: Page, name: SettingsField) => settings(page).getByLabel(labels[name], { exact: true });
const snapshotOf = (run: PathRun) => run.after as Snapshot;

export const clientSettingsPaths: BrowserPaths = {
  machine: 'client-settings',
  start: (run) => openBranding(run, [save]),
  steps: {
    'form.edit': async (run, event) => {
      const name = event.field as SettingsField;
      if (name === 'acceptsOnlinePayments') await field(run.page, name).selectOption(String(event.value));
      else await field(run.page, name).fill(String(event.value));
    },
    'form.leave': (run, event) => leaveField(run.page, field(run.page, event.field as SettingsField)),
    'form.submit': async (run) => {
      await settings(run.page).getByRole('button', { name: 'Save the settings' }).click();
      if (run.after.matches('saving')) await run.gate.arrived(save);
    },
    'xstate.done.actor.saveSettings': (run, event) => run.gate.answer(save, json(brandingAnswer({ settings: event.output as ClientSettings }))),
    'xstate.error.actor.saveSettings': (run, event) => {
      const error = event.error as { code?: string; fields?: Record<string, string> };
      return run.gate.answer(save, error.code === 'refused' ? json({ error: 'invalidRequest', fields: error.fields ?? {} }, 400) : consoleFailure(error));
    },
  },
  screens: {
    // The settings as typed with the problems shown, the outcome above.
    'clientSettings.editing': async (run) => {
      const { page } = run;
      const { context } = snapshotOf(run);
      const shown = shownProblems(context, settingsFields, settingsProblems(context.draft));
      await expect(field(page, 'acceptsOnlinePayments')).toHaveValue(context.draft.acceptsOnlinePayments);
      for (const name of settingsFields.filter((each) => each !== 'acceptsOnlinePayments')) {
        const problem = shown[name];
        await expectField(field(page, name), context.draft[name], problem ? messages[name] : null);
      }
      await expect(settings(page).getByText('The settings are saved.')).toHaveCount(context.savedNotice ? 1 : 0);
      if (context.failure === null) await expect(settings(page).getByRole('alert')).toHaveCount(0);
      else await expect(settings(page).getByRole('alert')).toHaveText(consoleFailureMessages[context.failure]);
      await expect(settings(page).getByRole('button', { name: 'Save the settings' })).toBeVisible();
    },
    'clientSettings.saving': async ({ page }) => {
      await expect(settings(page).getByRole('button', { name: 'Saving…' })).toBeVisible();
      await expect(settings(page).locator('form[aria-busy="true"]')).toBeVisible();
    },
  },
};
