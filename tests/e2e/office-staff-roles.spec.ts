/**
 * The console's Staff screen, by keyboard alone: going through a member's role list with the arrow
 * keys changes nothing; the row's button asks first, with the safe answer focused; Escape answers
 * no and gives the focus back to the button; a yes changes the role on the server and says so. In
 * both languages.
 */
import type { Page } from '@playwright/test';
import { appHasTakenOver, chooseLanguage, expect, expectAccessible, tabTo, test } from './fixtures';
import { signInStaff } from './office-staff';

const texts = {
  'en-US': {
    heading: 'Staff',
    email: 'Email',
    send: 'Send the invitation',
    roleOf: (email: string) => `Role of ${email}`,
    change: (email: string) => `Change the role of ${email}`,
    question: (email: string) => `Give ${email} the role Read-only? They have its rights from their next step in the console.`,
    yes: 'Change the role',
    no: 'Cancel',
    done: (email: string) => `${email} has a new role.`,
  },
  'es-ES': {
    heading: 'Personal',
    email: 'Correo electrónico',
    send: 'Enviar la invitación',
    roleOf: (email: string) => `Rol de ${email}`,
    change: (email: string) => `Cambiar el rol de ${email}`,
    question: (email: string) => `¿Dar a ${email} el rol Solo lectura? Tendrá sus permisos desde su próximo paso en la consola.`,
    yes: 'Cambiar el rol',
    no: 'Cancelar',
    done: (email: string) => `${email} tiene un rol nuevo.`,
  },
} as const;

/** The member's role as the server has it. */
async function roleOnServer(page: Page, email: string): Promise<string | undefined> {
  const body = (await (await page.request.get('/api/console/staff')).json()) as { staff: { email: string; role: string }[] };
  return body.staff.find((member) => member.email === email)?.role;
}

for (const language of ['en-US', 'es-ES'] as const) {
  test(`in ${language}, a role changes only once the admin says yes, by keyboard, and the focus is never dropped`, async ({ page }) => {
    // The Staff page lists the browser tests' whole staff pool (some two hundred rows), with an axe scan: past 30 s under load.
    test.slow();
    const say = texts[language];
    await signInStaff(page, 'officeAdmin', { parallelIndex: test.info().parallelIndex });
    await page.goto('/SUN/office/staff');
    await appHasTakenOver(page);
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await expect(page.getByRole('heading', { level: 1, name: say.heading })).toBeVisible();

    // Someone to change: invited here, billing staff.
    const invitee = `roles.${String(Date.now())}.${String(test.info().workerIndex)}.${language.toLowerCase()}@sunriselabs.example`;
    await page.getByLabel(say.email, { exact: true }).fill(invitee);
    await tabTo(page, page.getByRole('button', { name: say.send }));
    await page.keyboard.press('Enter');
    const roleList = page.getByLabel(say.roleOf(invitee));
    await expect(roleList).toHaveValue('billingStaff');

    // The arrow keys go through the list and change nothing: no question, the focus stays, the
    // server's role as it was. (The row is the last of some two hundred: the test starts on its list.)
    await roleList.focus();
    await page.keyboard.press('ArrowDown');
    await expect(roleList).toHaveValue('readOnly');
    await expect(roleList).toBeFocused();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await roleOnServer(page, invitee)).toBe('billingStaff');

    // The button asks, the safe answer focused; Escape says no, the focus back on the button, the list as the server has it.
    const change = page.getByRole('button', { name: say.change(invitee) });
    await page.keyboard.press('Tab');
    await expect(change).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(say.question(invitee));
    await expect(dialog.getByRole('button', { name: say.no })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(change).toBeFocused();
    await expect(roleList).toHaveValue('billingStaff');
    expect(await roleOnServer(page, invitee)).toBe('billingStaff');

    // Again, and yes: the role changes on the server and the page says so; the focus stays on the button.
    await page.keyboard.press('Shift+Tab');
    await expect(roleList).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: say.yes, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: say.done(invitee) })).toBeVisible();
    await expect(change).toBeFocused();
    await expect(roleList).toHaveValue('readOnly');
    expect(await roleOnServer(page, invitee)).toBe('readOnly');
  });
}
