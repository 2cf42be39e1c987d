/**
 * Every console journey with the keyboard alone, in both languages: an office admin of OAK (a lab
 * no other test looks at) signs in with a password and a code, refunds part of a payment, uploads a
 * statement file, invites someone and changes their role, makes an API key and copies it, changes a
 * colour, and signs out. Tab, typing, arrows, Space, Enter and Escape, never a click. After every key
 * the focus is on something (never on the page itself), after every step it is where the next thing
 * is, and every outcome is said in a live region, so a screen-reader user hears it.
 */
import type { Locator, Page } from '@playwright/test';
import { fixtureAccounts } from './fixture-data';
import { appHasTakenOver, expect, test } from './fixtures';
import { codeNow, E2E_STAFF_PASSWORD, freshStaff } from './office-staff';
import { payAsGuest } from './patient-api';
import { statement } from './statement-file';

const account = fixtureAccounts.officeJourney;
const invoice = account.invoices[0]?.invoiceNumber ?? '';

const words = {
  'en-US': {
    signIn: 'Billing office sign-in',
    email: 'Email',
    password: 'Password',
    code: 'Code from your authenticator app, or a recovery code',
    today: 'Today',
    payments: 'Payments',
    account: 'Account',
    found: 'Payments found',
    amount: 'Amount to refund',
    reason: 'Reason',
    send: 'Refund to the card',
    typedAmount: '1.25',
    no: 'No, go back',
    yes: /^Yes, refund \$1\.25$/,
    refunded: /^Refund R-\S+ of \$1\.25 made on P-\S+: the payer gets an email\.$/,
    imports: 'Imports',
    file: 'Statement file (CSV, at most 64 MB)',
    imported: (name: string) => `${name} is imported. Rows read: 3; rows refused: 0.`,
    report: (name: string) => `Report of ${name}: Imported`,
    staff: 'Staff',
    role: 'Role',
    invite: 'Send the invitation',
    invited: (email: string) => `An invitation went to ${email}.`,
    roleOf: (email: string) => `Role of ${email}`,
    changeRole: (email: string) => `Change the role of ${email}`,
    cancel: 'Cancel',
    confirmRole: 'Change the role',
    newRole: (email: string) => `${email} has a new role.`,
    integrations: 'Integrations',
    keyName: 'Key name',
    readPayments: 'Read payments (payments:read)',
    createKey: 'Create the key',
    keyMade: (name: string) => `The key ${name} is made. Here it is, in full:`,
    copy: 'Copy',
    kept: 'I have kept it',
    keys: 'API keys',
    branding: 'Branding',
    tint: /^Tint/,
    saveColours: 'Save the colours',
    coloursSaved: "The colours are saved: the patients' pages wear them now.",
    signOut: 'Sign out',
  },
  'es-ES': {
    signIn: 'Acceso a la oficina de facturación',
    email: 'Correo electrónico',
    password: 'Contraseña',
    code: 'Código de su aplicación de autenticación, o un código de recuperación',
    today: 'Hoy',
    payments: 'Pagos',
    account: 'Cuenta',
    found: 'Pagos encontrados',
    amount: 'Importe a reembolsar',
    reason: 'Motivo',
    send: 'Reembolsar a la tarjeta',
    typedAmount: '1,25',
    no: 'No, volver',
    yes: /^Sí, reembolsar 1,25\sUS\$$/,
    refunded: /^Reembolso R-\S+ de 1,25\sUS\$ hecho sobre P-\S+: el pagador recibe un correo\.$/,
    imports: 'Importaciones',
    file: 'Archivo de estados de cuenta (CSV, como máximo 64 MB)',
    imported: (name: string) => `${name} se ha importado. Filas leídas: 3; filas rechazadas: 0.`,
    report: (name: string) => `Informe de ${name}: Importado`,
    staff: 'Personal',
    role: 'Rol',
    invite: 'Enviar la invitación',
    invited: (email: string) => `Se ha enviado una invitación a ${email}.`,
    roleOf: (email: string) => `Rol de ${email}`,
    changeRole: (email: string) => `Cambiar el rol de ${email}`,
    cancel: 'Cancelar',
    confirmRole: 'Cambiar el rol',
    newRole: (email: string) => `${email} tiene un rol nuevo.`,
    integrations: 'Integraciones',
    keyName: 'Nombre de la clave',
    readPayments: 'Consultar pagos (payments:read)',
    createKey: 'Crear la clave',
    keyMade: (name: string) => `Se ha creado la clave ${name}. Aquí la tiene, completa:`,
    copy: 'Copiar',
    kept: 'Ya lo he guardado',
    keys: 'Claves de API',
    branding: 'Imagen de marca',
    tint: /^Tono claro/,
    saveColours: 'Guardar los colores',
    coloursSaved: 'Los colores están guardados: las páginas de los pacientes ya los usan.',
    signOut: 'Cerrar sesión',
  },
} as const;

/** A person at the keyboard: every key is followed by a look at where the focus is. */
class Keyboard {
  constructor(private readonly page: Page) {}

  /**
   * Fails when the focus has fallen to the page once the key's doing has settled (a link's screen
   * loading may hold it a moment before it lands on the new heading).
   */
  async focusIsOnSomething(): Promise<void> {
    await expect
      .poll(() => this.page.evaluate(() => (document.activeElement === null || document.activeElement === document.body ? 'the page itself' : 'an element')), { message: 'the focus is on something after every key' })
      .toBe('an element');
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
    await this.focusIsOnSomething();
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
    await this.focusIsOnSomething();
  }

  /**
   * Presses Tab until `target` has the focus (Shift+Tab when it is before the focus, as a person
   * goes back to the menu), looking at the focus after every press.
   */
  async tabTo(target: Locator): Promise<void> {
    await expect(target).toBeVisible();
    for (let presses = 0; presses < 120; presses++) {
      const where = await target.evaluate((element) => {
        const focused = element.ownerDocument.activeElement;
        if (element === focused) return 'here';
        return focused !== null && focused !== element.ownerDocument.body && focused.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING ? 'before' : 'after';
      });
      if (where === 'here') return;
      await this.press(where === 'before' ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }

  /** Tabs to a field, empties it and types into it. */
  async typeInto(field: Locator, text: string): Promise<void> {
    await this.tabTo(field);
    await this.press('ControlOrMeta+a');
    await this.type(text);
  }

  /** Tabs to a control and presses Enter on it. */
  async activate(control: Locator): Promise<void> {
    await this.tabTo(control);
    await this.press('Enter');
  }
}

/** An outcome said in a live region, as a screen reader hears it. */
function announced(page: Page, text: string | RegExp): Locator {
  return page.locator('[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]').filter({ hasText: text });
}

for (const language of ['en-US', 'es-ES'] as const) {
  test(`in ${language}, an office admin does every console task by keyboard alone, and the focus is never lost nor an outcome unsaid`, async ({ page, context }) => {
    // Seven journeys, each by Tab: the slow test's time.
    test.slow();
    const say = words[language];
    const keys = new Keyboard(page);
    const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
    const stamp = `${language === 'en-US' ? 'EN' : 'ES'}${Date.now().toString(36).toUpperCase()}${String(test.info().repeatEachIndex)}`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const confirmation = await payAsGuest(account.accountNumber, invoice, 400, account.clientCode);
    const email = freshStaff('officeAdmin', 'OAK', test.info().parallelIndex);

    // The language, chosen on the sign-in page's own selector with an arrow key.
    await page.goto('/OAK/office/');
    await expect(heading(words['en-US'].signIn)).toBeVisible();
    await appHasTakenOver(page);
    if (language === 'es-ES') {
      const chooser = page.getByRole('combobox', { name: /^(Language|Idioma)$/ });
      await keys.tabTo(chooser);
      await keys.press('ArrowDown');
      await expect(chooser).toHaveValue('es-ES');
    }
    await expect(heading(say.signIn)).toBeVisible();

    // 1. Sign in: the password, then the code; the code's field and then Today's heading take the focus.
    await keys.typeInto(page.getByLabel(say.email, { exact: true }), email);
    await keys.typeInto(page.getByLabel(say.password, { exact: true }), E2E_STAFF_PASSWORD);
    await keys.press('Enter');
    const code = page.getByLabel(say.code);
    await expect(code).toBeFocused();
    await keys.type(await codeNow());
    await keys.press('Enter');
    await expect(heading(say.today)).toBeFocused();

    // 2. A partial refund: found by the account, asked with its amount, the safe answer first.
    await keys.activate(page.getByRole('link', { name: say.payments, exact: true }));
    await expect(heading(say.payments)).toBeFocused();
    await keys.typeInto(page.getByLabel(say.account, { exact: true }), account.accountNumber);
    await keys.press('Enter');
    // The search's results take the focus, as the form that had it is made anew for them.
    await expect(page.getByRole('region', { name: say.found })).toBeFocused();
    const row = page.getByRole('row', { name: new RegExp(confirmation) });
    await keys.activate(row.getByRole('button', { name: new RegExp(confirmation) }));
    const amount = page.getByLabel(say.amount);
    await expect(amount).toHaveValue('');
    await keys.typeInto(amount, say.typedAmount);
    await keys.typeInto(page.getByLabel(say.reason), 'Charged twice for one test');
    await keys.activate(page.getByRole('button', { name: say.send }));
    const question = page.getByRole('alertdialog');
    await expect(question.getByRole('button', { name: say.no })).toBeFocused();
    await keys.press('Shift+Tab');
    await expect(question.getByRole('button', { name: say.yes })).toBeFocused();
    await keys.press('Enter');
    await expect(announced(page, say.refunded)).toBeVisible();
    await expect(page.getByText(say.refunded)).toBeFocused();

    // 3. An import: the file chosen from the keyboard, its outcome said, the focus on its report.
    await keys.activate(page.getByRole('link', { name: say.imports, exact: true }));
    await expect(heading(say.imports)).toBeFocused();
    const fileName = `${stamp}.csv`;
    await keys.tabTo(page.getByLabel(say.file));
    const chooser = page.waitForEvent('filechooser');
    await keys.press('Space');
    await (await chooser).setFiles({ name: fileName, mimeType: 'text/csv', buffer: statement(stamp, 3) });
    await expect(announced(page, say.imported(fileName))).toBeVisible();
    await expect(page.getByRole('heading', { name: say.report(fileName) })).toBeFocused();

    // 4. An invitation, then a role changed only once confirmed: the arrow key alone changes nothing.
    await keys.activate(page.getByRole('link', { name: say.staff, exact: true }));
    await expect(heading(say.staff)).toBeFocused();
    const invitee = `${stamp.toLowerCase()}@oak.example`;
    await keys.typeInto(page.getByLabel(say.email, { exact: true }), invitee);
    const role = page.getByLabel(say.role, { exact: true });
    await keys.tabTo(role);
    await keys.press('ArrowDown');
    await expect(role).toHaveValue('readOnly');
    await keys.activate(page.getByRole('button', { name: say.invite }));
    await expect(announced(page, say.invited(invitee))).toBeVisible();
    const roleOf = page.getByLabel(say.roleOf(invitee));
    await keys.tabTo(roleOf);
    await expect(roleOf).toHaveValue('readOnly');
    await keys.press('ArrowUp');
    await expect(roleOf).toHaveValue('billingStaff');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    const change = page.getByRole('button', { name: say.changeRole(invitee) });
    await keys.activate(change);
    await expect(page.getByRole('alertdialog').getByRole('button', { name: say.cancel })).toBeFocused();
    // Escape is the safe answer: nothing changes, and the focus is back on the button that asked.
    await keys.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(change).toBeFocused();
    await expect(roleOf).toHaveValue('readOnly');
    await keys.tabTo(roleOf);
    await keys.press('ArrowUp');
    await keys.activate(change);
    await keys.press('Shift+Tab');
    await expect(page.getByRole('alertdialog').getByRole('button', { name: say.confirmRole, exact: true })).toBeFocused();
    await keys.press('Enter');
    await expect(announced(page, say.newRole(invitee))).toBeVisible();
    await expect(roleOf).toHaveValue('billingStaff');

    // 5. An API key: made, its title read (not the secret), copied, put away.
    await keys.activate(page.getByRole('link', { name: say.integrations, exact: true }));
    await expect(heading(say.integrations)).toBeFocused();
    const keyName = `Journey ${stamp}`;
    await keys.typeInto(page.getByLabel(say.keyName), keyName);
    const scope = page.getByLabel(say.readPayments);
    await keys.tabTo(scope);
    await keys.press('Space');
    await expect(scope).toBeChecked();
    await keys.activate(page.getByRole('button', { name: say.createKey }));
    await expect(page.getByText(say.keyMade(keyName))).toBeFocused();
    const secret = (await page.getByTestId('shown-once').textContent()) ?? '';
    expect(secret).toMatch(/^pbp_[0-9a-f]{10}_/);
    await keys.activate(page.getByRole('button', { name: say.copy, exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await keys.activate(page.getByRole('button', { name: say.kept }));
    await expect(page.getByRole('heading', { level: 2, name: say.keys })).toBeFocused();

    // 6. A colour: typed, saved, and the saving said.
    await keys.activate(page.getByRole('link', { name: say.branding, exact: true }));
    await expect(heading(say.branding)).toBeFocused();
    const tint = `#${(0xeef6f0 + (Date.now() % 9)).toString(16)}`;
    await keys.typeInto(page.getByLabel(say.tint), tint);
    await keys.activate(page.getByRole('button', { name: say.saveColours }));
    await expect(announced(page, say.coloursSaved)).toBeVisible();
    expect(await (await page.request.get('/api/clients/OAK/theme.css')).text()).toContain(`--brand-tint:${tint}`);

    // 7. Sign out: back at the door, its heading with the focus.
    await keys.activate(page.getByRole('button', { name: say.signOut }));
    await expect(heading(say.signIn)).toBeFocused();
  });
}
