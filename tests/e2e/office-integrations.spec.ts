/**
 * The console's Integrations screen (`/{client}/office/integrations`), office admins' only: an API
 * key made by keyboard, shown once and working until revoked; a webhook endpoint at a receiver on
 * this machine (server/test/webhook-receiver.ts, which checks each delivery's signature) added,
 * tested, rotated and disabled; a failed delivery replayed. Each run's keys and endpoints are its
 * own (named by a stamp); its endpoint takes only voids, and ends disabled, so no other test's
 * events reach it.
 */
import { startWebhookReceiver } from '../../server/test/webhook-receiver';
import { appHasTakenOver, chooseLanguage, expect, expectAccessible, tabTo, test } from './fixtures';
import { signInStaff } from './office-staff';

const stamp = () => `${Date.now().toString(36)}${String(test.info().repeatEachIndex)}`;
/** A public API call that needs the payments:read scope. */
const postings = '/api/office/v1/postings?date=2026-11-26';

test('an office admin makes an API key by keyboard, sees it once, uses it, and revokes it', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInStaff(page, 'officeAdmin', {
    parallelIndex: test.info().parallelIndex,
  });
  await page.goto('/SUN/office/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await appHasTakenOver(page);
  await expect(page.getByRole('navigation', { name: 'Billing office' }).getByRole('link', { name: 'Integrations' })).toBeVisible();

  // Nothing chosen: each problem at its field, the focus on the first.
  const name = page.getByLabel('Key name');
  const submit = page.getByRole('button', { name: 'Create the key' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter a name for the key, such as the system that will use it.')).toBeVisible();
  await expect(page.getByText('Choose at least one scope.')).toBeVisible();
  await expect(name).toBeFocused();

  // By keyboard: the name, then the second scope (payments:read) with the space bar, then Enter on the button.
  const keyName = `Reports ${stamp()}`;
  await page.keyboard.type(keyName);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Read payments (payments:read)' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByText('Choose at least one scope.')).toHaveCount(0);
  await tabTo(page, submit);
  await page.keyboard.press('Enter');

  const shown = page.getByTestId('shown-once');
  // The focus goes to the new key's title, which is what is read: not the secret, in no live region.
  await expect(page.getByText(`The key ${keyName} is made. Here it is, in full:`)).toBeFocused();
  await expect(page.getByText('Copy it now and keep it safe: it will not be shown again.')).toBeVisible();
  const key = (await shown.textContent()) ?? '';
  expect(key).toMatch(/^pbp_[0-9a-f]{10}_/);
  expect(await page.locator('[role="status"], [role="alert"], [aria-live]').filter({ hasText: key }).count()).toBe(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expect(name).toHaveValue('');
  // Put away, the focus goes back to the keys' heading.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(shown).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'API keys' })).toBeFocused();
  const row = page.getByRole('row').filter({ hasText: keyName });
  await expect(row).toContainText(key.slice(0, 14));
  await expect(row).toContainText('payments:read');
  await expectAccessible(page);

  // The key works.
  expect(
    (
      await request.get(postings, {
        headers: { Authorization: `Bearer ${key}` },
      })
    ).status(),
  ).toBe(200);

  // Never shown again: not after a reload, and the list has only its prefix.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(row).toContainText(key.slice(0, 14));
  await expect(page.getByTestId('shown-once')).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  // Revoked after a yes: its next call is refused.
  await row.getByRole('button', { name: `Revoke ${keyName}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Revoke the key ${keyName}`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText(`The key ${keyName} is revoked: its next call is refused.`)).toBeVisible();
  await expect(row).toContainText('Revoked');
  expect(
    (
      await request.get(postings, {
        headers: { Authorization: `Bearer ${key}` },
      })
    ).status(),
  ).toBe(401);
});

test('an office admin adds a webhook endpoint, tests it, rotates its secret, replays a failed delivery and disables it', async ({ page }) => {
  let secret = '';
  const receiver = await startWebhookReceiver(() => secret);
  try {
    await signInStaff(page, 'officeAdmin', {
      parallelIndex: test.info().parallelIndex,
    });
    await page.goto('/SUN/office/integrations');
    await expect(page.getByRole('heading', { level: 2, name: 'Webhook endpoints' })).toBeVisible();
    await appHasTakenOver(page);
    const address = page.getByLabel('Address (https)');
    const add = page.getByRole('button', { name: 'Add the endpoint' });

    // An address the portal may not call (the cloud's metadata service, refused even under the
    // development setting these tests run with): the server's refusal at the field, what was typed kept.
    await address.fill('https://169.254.169.254/latest/meta-data');
    await add.click();
    await expect(
      page.getByText("The portal may not send events to this address: use https to a host on the internet (not the portal's own machine or a private network), with no user or password in it."),
    ).toBeVisible();
    await expect(address).toHaveValue('https://169.254.169.254/latest/meta-data');

    // The receiver on this machine, for voids only (no other test makes one).
    const url = `${receiver.url}/${stamp()}`;
    await address.fill(url);
    await page.getByRole('checkbox', { name: 'A payment is voided' }).check();
    await add.click();
    await expect(page.getByText(`${url} is added. Its signing secret:`)).toBeVisible();
    secret = (await page.getByTestId('shown-once').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have kept it' }).click();
    await expect(page.getByTestId('shown-once')).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: url }).filter({ hasText: 'A payment is voided' });
    await expect(row).toContainText('A payment is voided');
    await expect(row).toContainText('No delivery yet.');

    // A test event: delivered, signed with the secret shown.
    await row.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expect(page.getByText(`Test event sent to ${url}. Delivered.`)).toBeVisible();
    expect(receiver.events.map((event) => event.type)).toEqual(['webhook.test']);
    await expect(row).toContainText('Delivered.');

    // Rotated after a yes: a new secret, shown once, that signs the next test.
    await row.getByRole('button', { name: `Rotate the secret of ${url}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText('The previous one signs too for 24 hours');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate the secret' }).click();
    await expect(page.getByText(`The new signing secret of ${url} (the previous one signs too for 24 hours):`)).toBeVisible();
    const rotated = (await page.getByTestId('shown-once').textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    secret = rotated;
    await row.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expect(page.getByText(`Test event sent to ${url}. Delivered.`)).toBeVisible();
    expect(receiver.events).toHaveLength(2);

    // The receiver down: the test's outcome says it was not delivered, never what the receiver answered.
    receiver.down = true;
    await row.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expect(page.getByText(`Test event sent to ${url}. Not delivered yet (attempts: 1). It is tried again for up to 48 hours.`)).toBeVisible();
    receiver.down = false;
    await expectAccessible(page);

    // A delivery gives up only after 48 hours: here the list of failed ones (only it) shows the first
    // test event as failed; replaying it is real, and the receiver gets the event again, same id.
    const [first] = receiver.events;
    const failedList = (address: URL) => address.pathname === '/api/console/webhooks/deliveries' && address.searchParams.get('status') === 'failed';
    await page.route(failedList, async (route) => {
      const recent = (await (await page.request.get('/api/console/webhooks/deliveries')).json()) as { deliveries: { eventId: string }[] };
      const delivery = recent.deliveries.find((each) => each.eventId === first?.id);
      if (!delivery) throw new Error('The first test event is not among the recent deliveries');
      await route.fulfill({
        json: {
          deliveries: [
            {
              ...delivery,
              status: 'failed',
              attempts: 57,
              finishedAt: new Date().toISOString(),
            },
          ],
        },
      });
    });
    // Opened in the app (not reloaded), so that the server's page and the app's agree.
    await page.getByRole('navigation', { name: 'Billing office' }).getByRole('link', { name: 'Today' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Billing office' }).getByRole('link', { name: 'Integrations' }).click();
    const failed = page.getByRole('row').filter({ hasText: url }).filter({ hasText: 'Failed:' });
    await expect(failed).toContainText('Failed: not delivered (attempts: 57).');
    await failed.getByRole('button', { name: 'Replay Test event' }).click();
    await expect(page.getByText('The event is sent again to 1 endpoint.')).toBeVisible();
    await expect.poll(() => receiver.repeats).toBeGreaterThanOrEqual(1);
    await page.unroute(failedList);

    // Disabled after a yes: listed so, and no more buttons for it.
    await row.getByRole('button', { name: `Disable ${url}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Its waiting deliveries fail and new events skip it.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByText(`${url} is disabled: it gets no more events.`)).toBeVisible();
    await expect(row).toContainText('No, since');
    await expect(row.getByRole('button')).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('at 320 px and in Spanish; a billing clerk finds no Integrations and is told only an office admin manages them', async ({ page }) => {
  await signInStaff(page, 'officeAdmin', {
    parallelIndex: test.info().parallelIndex,
  });
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/SUN/office/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await appHasTakenOver(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);
  await chooseLanguage(page, 'es-ES');
  await expect(page.getByRole('heading', { level: 1, name: 'Integraciones' })).toBeVisible();
  await page.getByRole('button', { name: 'Crear la clave' }).click();
  await expect(page.getByText('Elija al menos un permiso.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('a billing clerk finds no Integrations in the menu and is told at its address that only an office admin manages integrations', async ({ page }) => {
  await signInStaff(page, 'billingStaff', {
    parallelIndex: test.info().parallelIndex,
  });
  await page.goto('/SUN/office/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText("Only an office admin can manage the lab's API keys and webhooks. Ask an office admin if you need a key or an endpoint.")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Billing office' }).getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  await expect(page.getByLabel('Key name')).toHaveCount(0);
  // The server refuses the clerk too.
  expect((await page.request.get('/api/console/api-keys')).status()).toBe(403);
  await expectAccessible(page);
});
