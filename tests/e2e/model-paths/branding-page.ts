/**
 * What the Branding screen's browser paths share (its colours, logo and settings each have a
 * machine): the screen opened by an office admin with the lab's branding answered, its sections,
 * and an answer in the branding endpoints' shape.
 */
import { namedPalettes, type BrandColours } from '@contracts/branding';
import type { ClientSettings, ConsoleBranding } from '@contracts/console-branding';
import type { Page } from '@playwright/test';
import type { PathRun } from './browser-paths';
import { openConsoleScreen } from './console-page';

export const branding = 'console/branding';

/** The lab's branding as the console reads it: the models' inputs unless a path says otherwise. */
export function brandingAnswer(change: { colours?: BrandColours; logoUrl?: string | null; settings?: ClientSettings } = {}): ConsoleBranding {
  return {
    theme: 'sunrise',
    colours: change.colours ?? namedPalettes.sunrise,
    logoUrl: change.logoUrl ?? null,
    logo: null,
    settings: change.settings ?? { acceptsOnlinePayments: true, externalCardLink: '', postingCutoff: '21:30', timeZone: 'America/Chicago', passwordLifetimeDays: null },
  };
}

/** Opens the Branding screen as an office admin, the lab's branding answered with `change` (and the calls to `hold` held). */
export const openBranding = (run: PathRun, hold: string[], change: Parameters<typeof brandingAnswer>[0] = {}) =>
  openConsoleScreen(run, { screen: 'branding', role: 'officeAdmin', load: { endpoint: branding, body: brandingAnswer(change) }, heading: 'Branding', hold });

/** One of the screen's sections, by its heading. */
export const brandingSection = (page: Page, name: 'Colours' | 'Logo' | 'Payments and sign-in settings') => page.getByRole('region', { name, exact: true });
