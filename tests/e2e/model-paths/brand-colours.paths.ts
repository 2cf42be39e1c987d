/**
 * The Branding screen's colours plan in the browser: the four colours, the live preview and the
 * pairs too close, each save held and answered as the path says (saved, a pair the server finds
 * too close, a colour it refuses, the network down).
 */
import type { ColourName } from '@contracts/branding';
import { shownProblems } from '@machines/form/form.rules';
import { draftColours, type brandColoursMachine } from '@machines/console/brand-colours.machine';
import { colourFields } from '@machines/console/brand-colours.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { colourFieldProblems, draftContrastProblems } from '@/console/branding-rules';
import { expect } from '../fixtures';
import type { BrowserPaths, PathRun } from './browser-paths';
import { brandingAnswer, brandingSection, openBranding } from './branding-page';
import { json } from './call-gate';
import { consoleFailure, consoleFailureMessages } from './console-page';
import { expectField, leaveField } from './password-forms';
import { machineReplay } from './integrations-page';
import { brandColoursModel } from '../../model/brand-colours.model';

type Snapshot = SnapshotFrom<typeof brandColoursMachine>;

const save = 'console/branding/colours';
const labels: Record<ColourName, string> = {
  brand: "Brand colour (buttons, borders, the header's stripe)",
  brandStrong: 'Strong colour (links, headings, a button under the pointer)',
  brandContrast: 'Text on the brand colour (button text)',
  brandTint: 'Tint (notices, table headings)',
};
const colours = (page: Page) => brandingSection(page, 'Colours');
const field = (page: Page, name: ColourName) => colours(page).getByLabel(labels[name], { exact: true });
const snapshotOf = (run: PathRun) => run.after as Snapshot;
// Which colours show their problem depends on the fields this path has left, which the plan's
// snapshot may have from another history: the path's own events replayed on the machine say it.
const { begin, predicted, step } = machineReplay<Snapshot>(brandColoursModel.machine);
const refusalMessage = 'Some of these colours are too close to each other for everyone to see them.';

export const brandColoursPaths: BrowserPaths = {
  machine: 'brand-colours',
  start: (run) => openBranding(run, [save], { colours: begin(run, { colours: snapshotOf(run).context.saved }).context.saved }),
  steps: {
    'form.edit': step((run, event) => field(run.page, event.field as ColourName).fill(String(event.value))),
    'form.leave': step((run, event) => leaveField(run.page, field(run.page, event.field as ColourName))),
    'form.submit': step(async (run) => {
      await colours(run.page).getByRole('button', { name: 'Save the colours' }).click();
      if (run.after.matches('saving')) await run.gate.arrived(save);
    }),
    'colours.reset': step((run) => colours(run.page).getByRole('button', { name: 'Undo my changes' }).click()),
    'xstate.done.actor.saveColours': step((run, event) => run.gate.answer(save, json(brandingAnswer({ colours: event.output as Snapshot['context']['saved'] })))),
    'xstate.error.actor.saveColours': step((run, event) => {
      const error = event.error as { code?: string; problems?: unknown[]; fields?: Record<string, string> };
      if (error.code === 'contrastTooLow') return run.gate.answer(save, json({ error: 'contrastTooLow', problems: error.problems ?? [] }, 422));
      if (error.code === 'refused') return run.gate.answer(save, json({ error: 'invalidRequest', fields: error.fields ?? {} }, 400));
      return run.gate.answer(save, consoleFailure(error));
    }),
  },
  screens: {
    // The colours as typed with their problems, the preview in the draft's colours (the saved ones while a colour is not one), the pairs too close, the outcome.
    'brandColours.editing': async (run) => {
      const { page } = run;
      const { context } = snapshotOf(run);
      const section = colours(page);
      // A colour that is not one, or one of a pair too close (each pair's names are in its message).
      const shown = shownProblems(predicted(run).context, colourFields, colourFieldProblems(context.draft));
      for (const name of colourFields) {
        const problem = shown[name];
        await expectField(field(page, name), context.draft[name], problem === undefined ? null : problem === 'invalid' ? 'Enter a colour as # and six hexadecimal digits, like #1f4e79.' : 'Choose a darker or lighter colour.');
      }
      const previewed = draftColours(context.draft) ?? context.saved;
      await expect(page.getByTestId('brand-preview')).toHaveAttribute('style', new RegExp(`--preview-brand: ${previewed.brand};.*--preview-tint: ${previewed.brandTint}`));
      const pairs = context.serverContrast.length > 0 ? context.serverContrast : draftContrastProblems(context.draft);
      await expect(section.locator('.contrast-problems li')).toHaveCount(pairs.length);
      const refusal = section.getByText(refusalMessage);
      if (pairs.length === 0) await expect(refusal).toHaveCount(0);
      else {
        await expect(refusal).toBeVisible();
        // Said as a refusal once a save was refused (or turned down), as a hint before.
        if (context.refusals > 0) await expect(refusal).toHaveClass(/form-error/);
        else await expect(refusal).not.toHaveClass(/form-error/);
        for (const pair of pairs) await expect(section.locator('.contrast-problems')).toContainText(`${pair.ratio.toFixed(2)}:1, at least ${pair.minimum.toFixed(1)}:1 is needed.`);
      }
      const saved = section.getByText("The colours are saved: the patients' pages wear them now.");
      await expect(saved).toHaveCount(context.savedNotice ? 1 : 0);
      if (context.failure === null) await expect(section.getByRole('alert')).toHaveCount(0);
      else await expect(section.getByRole('alert')).toHaveText(consoleFailureMessages[context.failure]);
      await expect(section.getByRole('button', { name: 'Save the colours' })).toBeVisible();
    },
    'brandColours.saving': async ({ page }) => {
      await expect(colours(page).getByRole('button', { name: 'Saving…' })).toBeVisible();
      await expect(colours(page).locator('form[aria-busy="true"]')).toBeVisible();
    },
  },
};
