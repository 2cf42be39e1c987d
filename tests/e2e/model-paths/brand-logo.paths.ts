/**
 * The Branding screen's logo plan in the browser: a lab without a logo, a file chosen at the
 * upload field (of the path's name, type and size), each upload and removal held and answered as
 * the path says.
 */
import type { brandLogoMachine } from '@machines/console/brand-logo.machine';
import type { ChosenLogo, LogoRefusal, StoredLogo } from '@machines/console/brand-logo.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { expect } from '../fixtures';
import type { BrowserPaths, PathRun } from './browser-paths';
import { brandingAnswer, brandingSection, openBranding } from './branding-page';
import { json } from './call-gate';
import { consoleFailure, consoleFailureMessages } from './console-page';

type Snapshot = SnapshotFrom<typeof brandLogoMachine>;

const upload = 'console/branding/logo';
const remove = 'console/branding/logo/remove';
const logo = (page: Page) => brandingSection(page, 'Logo');
const fileField = (page: Page) => logo(page).getByLabel('Choose a new logo (PNG or SVG, at most 1 MB and 2000 pixels wide or high)');
const snapshotOf = (run: PathRun) => run.after as Snapshot;
/** A stored logo's address the browser loads: held, so no other lab's logo is asked of the server. */
const logoImage = (url: string) => new URL(url, 'http://localhost').pathname.replace(/^\/api\//, '');

const refusalMessages: Record<LogoRefusal, string> = {
  logoNotAnImage: 'This file is not a PNG or SVG image. Choose a logo saved as PNG or SVG.',
  logoTooLarge: 'This file is larger than 1 MB. Choose a smaller logo.',
  logoTooManyPixels: 'This image is more than 2000 pixels wide or high. Choose a smaller logo.',
};

export const brandLogoPaths: BrowserPaths = {
  machine: 'brand-logo',
  start: (run) => openBranding(run, [upload, remove], { logoUrl: snapshotOf(run).context.logo.url }),
  steps: {
    // The file the path names, of its type and size (its bytes are the test's: the server never sees them).
    'logo.choose': async (run, event) => {
      const chosen = event.logo as ChosenLogo;
      await fileField(run.page).setInputFiles({ name: chosen.name, mimeType: chosen.type, buffer: Buffer.alloc(chosen.size) });
      if (run.after.matches('uploading')) await run.gate.arrived(upload);
    },
    'logo.remove': async (run) => {
      // Without a logo, the screen offers no removal: nothing to choose, and nothing changes.
      if ((run.before as Snapshot).context.logo.url === null) {
        await expect(logo(run.page).getByRole('button', { name: 'Remove the logo' })).toHaveCount(0);
        return;
      }
      await logo(run.page).getByRole('button', { name: 'Remove the logo' }).click();
    },
    'logo.confirm': async (run) => {
      await logo(run.page).getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await run.gate.arrived(remove);
    },
    'logo.cancel': (run) => logo(run.page).getByRole('alertdialog').getByRole('button', { name: 'Keep the logo' }).click(),
    'xstate.done.actor.upload': async (run, event) => {
      const { url } = event.output as StoredLogo;
      if (url !== null) run.gate.hold(logoImage(url));
      await run.gate.answer(upload, json(brandingAnswer({ logoUrl: url })));
    },
    'xstate.error.actor.upload': (run, event) => {
      const code = (event.error as { code?: string }).code ?? '';
      const statuses: Record<string, number> = { logoNotAnImage: 415, logoTooLarge: 413, logoTooManyPixels: 422 };
      return run.gate.answer(upload, code in statuses ? json({ error: code }, statuses[code]) : consoleFailure(event.error));
    },
    'xstate.done.actor.remove': (run, event) => run.gate.answer(remove, json(brandingAnswer({ logoUrl: (event.output as StoredLogo).url }))),
    'xstate.error.actor.remove': (run, event) => run.gate.answer(remove, consoleFailure(event.error)),
  },
  screens: {
    // The stored logo (or the lab's name), the outcome, the file field and Remove (with a logo).
    'brandLogo.idle': async (run) => {
      const { page } = run;
      const { context } = snapshotOf(run);
      const section = logo(page);
      const image = section.getByRole('img', { name: "Sunrise Laboratories's logo, as the patients' pages show it" });
      if (context.logo.url === null) {
        await expect(image).toHaveCount(0);
        await expect(section.getByText("No logo: the patients' pages show the lab's name.")).toBeVisible();
      } else await expect(image).toHaveAttribute('src', context.logo.url);
      await expect(section.getByRole('button', { name: 'Remove the logo' })).toHaveCount(context.logo.url === null ? 0 : 1);
      await expect(section.getByRole('alertdialog')).toHaveCount(0);
      const notices = { uploaded: "The logo is saved: the patients' pages show it now.", removed: "The logo is removed: the patients' pages show the lab's name." };
      for (const [kind, text] of Object.entries(notices)) await expect(section.getByText(text)).toHaveCount(context.notice === kind ? 1 : 0);
      const said = context.refusal ? refusalMessages[context.refusal] : context.failure ? consoleFailureMessages[context.failure] : null;
      if (said === null) await expect(section.getByRole('alert')).toHaveCount(0);
      else {
        await expect(section.getByRole('alert')).toHaveText(said);
        await expect(fileField(page)).toHaveAccessibleDescription(said);
      }
      await expect(fileField(page)).toBeEnabled();
    },
    'brandLogo.uploading': async ({ page }) => {
      await expect(logo(page).getByText('Uploading the logo…')).toBeVisible();
      await expect(fileField(page)).toBeDisabled();
    },
    'brandLogo.confirmingRemoval': async ({ page }) => {
      const dialog = logo(page).getByRole('alertdialog');
      await expect(dialog).toContainText("Remove the logo? The patients' pages show the lab's name instead.");
      // The safe answer has the focus.
      await expect(dialog.getByRole('button', { name: 'Keep the logo' })).toBeFocused();
    },
    'brandLogo.removing': async ({ page }) => {
      await expect(logo(page).getByRole('alertdialog')).toHaveCount(0);
      await expect(fileField(page)).toBeDisabled();
    },
  },
};
