import type { Page } from '@playwright/test';
import { namedPalettes } from '@contracts/branding';
import { fixtureAccounts } from './fixture-data';
import { appHasTakenOver, demo, expect, expectAccessible, signIn, test } from './fixtures';

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

function stepsNav(page: Page) {
  return page.getByRole('navigation', { name: 'Payment steps' });
}

async function signInAndOpenWizard(page: Page, email: string): Promise<void> {
  await page.goto('/SUN/login');
  await signIn(page, email, demo.password);
  await expect(heading(page, 'Your invoices')).toBeVisible();
  await page.goto('/SUN/payment/online');
  await appHasTakenOver(page);
  await expect(heading(page, 'Online payment')).toBeVisible();
}

async function fillBilling(page: Page): Promise<void> {
  await page.getByLabel('Address', { exact: true }).fill('12 Harbour Road');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State or province').fill('IL');
  await page.getByLabel('ZIP or postal code').fill('62704');
  await page.getByLabel('Country').selectOption('US');
}

/** Every palette the clients started from (each client's colours live in the database, contracts/branding.ts). */
const palettes = Object.entries(namedPalettes);

/**
 * The focused element's outline as drawn: its colour, and the colours of what lies right inside
 * and right outside it (the nearest painted background at each of its edges), with their
 * contrast ratios to it (WCAG 2).
 */
async function focusRingContrasts(page: Page): Promise<{ ring: string; inside: number; outside: number }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) throw new Error('Nothing is focused');
    const style = getComputedStyle(element);
    const rgb = (color: string): number[] => (color.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    /** The background painted at a point around the element: the innermost of it and its ancestors there with an opaque one. */
    const backgroundAt = (x: number, y: number): number[] => {
      for (let each: Element | null = element; each; each = each.parentElement) {
        const rect = each.getBoundingClientRect();
        const color = rgb(getComputedStyle(each).backgroundColor);
        if (x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom && (color[3] ?? 1) > 0) return color;
      }
      return [255, 255, 255];
    };
    const ring = rgb(style.outlineColor);
    const offset = parseFloat(style.outlineOffset);
    const width = parseFloat(style.outlineWidth);
    if (style.outlineStyle === 'none' || width < 2) throw new Error(`No focus ring: ${style.outline}`);
    const box = element.getBoundingClientRect();
    const middleY = box.top + box.height / 2;
    // The ring's left side: just inside it and just outside it.
    const inner = backgroundAt(box.left - offset + 0.25, middleY);
    const outer = backgroundAt(box.left - offset - width - 0.25, middleY);
    return { ring: style.outlineColor, inside: contrast(ring, inner), outside: contrast(ring, outer) };
  });
}

test('in every theme, the focus ring on the current wizard step keeps 3:1 against what is around it', async ({ page }) => {
  expect(palettes.map(([name]) => name)).toContain('sunrise');
  await signInAndOpenWizard(page, fixtureAccounts.wizardSteps.userEmail);
  const current = stepsNav(page).getByRole('link', { name: 'Amounts' });
  // From the keyboard, as a person reaches it: Tab onto it from the element before it.
  await current.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(current).toBeFocused();
  for (const [theme, colours] of palettes) {
    // The theme's custom properties on the body, as its stylesheet would set them.
    await page.evaluate((properties) => {
      for (const [name, value] of Object.entries(properties)) document.body.style.setProperty(name, value);
    }, { '--brand': colours.brand, '--brand-strong': colours.brandStrong, '--brand-contrast': colours.brandContrast, '--brand-tint': colours.brandTint });
    const { ring, inside, outside } = await focusRingContrasts(page);
    expect(Math.min(inside, outside), `${theme}: the ring ${ring} against its surroundings`).toBeGreaterThanOrEqual(3);
  }
});

test('a later step is its name alone until it can be opened, then a link', async ({ page }) => {
  await signInAndOpenWizard(page, fixtureAccounts.wizardSteps.userEmail);
  const nav = stepsNav(page);
  // Every open invoice starts chosen in full: the review can be opened, the steps after it not yet.
  await expect(nav.getByRole('link')).toHaveText(['Amounts', 'Review']);
  await expect(nav.getByRole('listitem')).toHaveText(['Amounts', 'Review', 'Billing details', 'Card']);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page, 'Review your payment')).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Amounts', 'Review']);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page, 'Billing information')).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Amounts', 'Review', 'Billing details']);
  await fillBilling(page);
  await expect(nav.getByRole('link')).toHaveText(['Amounts', 'Review', 'Billing details', 'Card']);
  await nav.getByRole('link', { name: 'Card' }).click();
  await expect(heading(page, 'Card payment')).toBeVisible();
});

test('a card expiry typed with spaces and a four-digit year ("12 / 2030") pays, and a past one says it has passed', async ({ page }) => {
  await signInAndOpenWizard(page, fixtureAccounts.wizardSteps.userEmail);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await expect(heading(page, 'Card payment')).toBeVisible();
  const fields = page.frameLocator('iframe.card-fields');
  const expiry = fields.getByLabel(/Expiry/);
  await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expiry.pressSequentially('12 / 20');
  await fields.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(fields.getByText('This expiry date has passed. Check the date on the card, or use another card.')).toBeVisible();
  await expect(expiry).toBeFocused();

  await expiry.fill('');
  await expiry.pressSequentially('12 / 2030');
  await expect(expiry).toHaveValue('12 / 2030');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(heading(page, 'Payment receipt')).toBeVisible();
});
