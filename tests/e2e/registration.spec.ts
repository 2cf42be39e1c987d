/**
 * Registering and activating, in real Chromium over the real server: register → the emailed link
 * (read from the development outbox) → activate → sign in, in both languages; signing in before
 * activating; bad input at the fields with the rest kept; an address already registered.
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { DEMO_POSTAL_CODE } from '../../server/seed/demo-data';
import { fixtureAccounts } from './fixture-data';
import { chooseLanguage, demo, demoGuest, expect, expectAccessible, signIn, test, emailArrives } from './fixtures';

const PASSWORD = 'Quiet meadow lantern 42';
/** A new address on every run of a test, so repeated runs against one server register afresh. */
const newAddress = (name: string) => `e2e.register.${name.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@example.com`;

interface Email {
  to: string;
  subject: string;
  body: string;
}

const unescape = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))).replace(/&amp;/g, '&');

/** The emails waiting in the development outbox for `address`, newest first. */
async function emailsTo(request: APIRequestContext, address: string): Promise<Email[]> {
  const page = await (await request.get(`/dev/outbox?to=${encodeURIComponent(address)}`)).text();
  return [...page.matchAll(/<article><h2>(.*?)<\/h2><p>To: (.*?) · .*?<\/p><pre>([\s\S]*?)<\/pre><\/article>/g)]
    .map(([, subject = '', to = '', body = '']) => ({ subject: unescape(subject), to: unescape(to), body: unescape(body) }))
    .filter((email) => email.to === address);
}

/** The activation link of the newest email to `address`, waiting for it to arrive. */
async function activationLink(request: APIRequestContext, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const [newest] = await emailsTo(request, address);
      link = /https?:\/\/\S+\/confirmation\/activate#token=[A-Za-z0-9_-]{43}/.exec(newest?.body ?? '')?.[0];
      return link;
    }, emailArrives)
    .toBeDefined();
  return link ?? '';
}

/**
 * Opens an activation link and holds its Activate call: by the time the token goes to the server,
 * it has left the address bar (and the history). Returns the token the call carries, once the call
 * has gone on.
 */
async function openActivationLink(page: Page, link: string, pagePath = /\/SUN\/confirmation\/activate$/): Promise<unknown> {
  let arrived: (route: Route) => void = () => undefined;
  const sent = new Promise<Route>((resolve) => {
    arrived = resolve;
  });
  await page.route('**/api/userregistration/Activate', (route) => arrived(route), { times: 1 });
  await page.goto(link);
  const route = await sent;
  await expect(page).toHaveURL(pagePath);
  const body: unknown = route.request().postDataJSON();
  await route.continue();
  return body;
}

const tokenOf = (link: string) => /token=([A-Za-z0-9_-]{43})/.exec(link)?.[1];

const labels = {
  'en-US': {
    firstName: 'First name',
    lastName: 'Last name',
    company: 'Company (optional)',
    email: 'Email',
    password: 'Password',
    confirmation: 'Confirm the password',
    clientCode: 'Client code',
    account: 'Account number',
    invoice: 'Invoice number',
    postalCode: 'Postal code on your statement',
    create: 'Create account',
    registration: 'Create an account',
    checkEmail: 'Check your email',
    activated: 'Your account is active',
    goOn: 'Go to the next page now',
    invoices: 'Your invoices',
    subject: 'Sunrise Laboratories: activate your account',
    registeringWith: 'You are registering with Sunrise Laboratories.',
  },
  'es-ES': {
    firstName: 'Nombre',
    lastName: 'Apellidos',
    company: 'Empresa (opcional)',
    email: 'Correo electrónico',
    password: 'Contraseña',
    confirmation: 'Confirme la contraseña',
    clientCode: 'Código de cliente',
    account: 'Número de cuenta',
    invoice: 'Número de factura',
    postalCode: 'Código postal de su estado de cuenta',
    create: 'Crear cuenta',
    registration: 'Cree una cuenta',
    checkEmail: 'Revise su correo electrónico',
    activated: 'Su cuenta está activada',
    goOn: 'Ir ahora a la página siguiente',
    invoices: 'Sus facturas',
    subject: 'Sunrise Laboratories: active su cuenta',
    registeringWith: 'Se está registrando en Sunrise Laboratories.',
  },
} as const;
type Labels = (typeof labels)[keyof typeof labels];

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

interface Person {
  firstName: string;
  lastName: string;
  company?: string;
  email: string;
  password: string;
  account: string;
  invoice: string;
  /** The statement's postal code; the demo accounts' when absent. */
  postalCode?: string;
}

async function fillIn(page: Page, l: Labels, person: Person): Promise<void> {
  await field(page, l.firstName).fill(person.firstName);
  await field(page, l.lastName).fill(person.lastName);
  await field(page, l.company).fill(person.company ?? '');
  await field(page, l.email).fill(person.email);
  await field(page, l.password).fill(person.password);
  await field(page, l.confirmation).fill(person.password);
  await field(page, l.account).fill(person.account);
  await field(page, l.invoice).fill(person.invoice);
  await field(page, l.postalCode).fill(person.postalCode ?? DEMO_POSTAL_CODE);
}

const journeys = [
  {
    language: 'en-US',
    person: {
      firstName: 'Quinn',
      lastName: 'Doe',
      company: 'Doe & Partners',
      password: PASSWORD,
      account: fixtureAccounts.registerEn.accountNumber,
      invoice: fixtureAccounts.registerEn.invoices[1]?.invoiceNumber ?? '',
    },
  },
  {
    // The demo guest's own account, as docs/journeys.md's Register says.
    language: 'es-ES',
    person: {
      firstName: 'Jordan',
      lastName: 'Invitado',
      password: PASSWORD,
      account: demoGuest.accountNumber,
      invoice: demoGuest.invoiceNumber,
    },
  },
] as const;

for (const { language, person: someone } of journeys) {
  test(`registers, activates from the emailed link and signs in (${language})`, async ({ page }) => {
    const l = labels[language];
    const person: Person = { ...someone, email: newAddress(language) };
    await page.goto('/SUN/registration');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await expect(heading(page, l.registration)).toBeVisible();
    // The provider comes from the address: its code is not asked, its name is said.
    await expect(field(page, l.clientCode)).toHaveCount(0);
    await expect(page.getByTestId('registering-with')).toHaveText(l.registeringWith);
    await expectAccessible(page);

    await fillIn(page, l, person);
    await page.getByRole('button', { name: l.create }).click();
    await expect(heading(page, l.checkEmail)).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();
    // The tab names the step, as its heading does.
    await expect(page).toHaveTitle(`${l.checkEmail} – Sunrise Laboratories`);
    await expectAccessible(page);

    // The email is written after the answer: wait for it before reading it.
    const link = await activationLink(page.request, person.email);
    const [email] = await emailsTo(page.request, person.email);
    expect(email?.subject).toBe(l.subject);
    expect(new URL(link).pathname).toBe('/SUN/confirmation/activate');
    expect(new URL(link).search).toBe('');

    expect(await openActivationLink(page, link)).toEqual({ token: tokenOf(link) });
    await expect(heading(page, l.activated)).toBeVisible();
    await expect(page).toHaveURL(/\/SUN\/success\?/);
    await expectAccessible(page);

    await page.getByRole('link', { name: l.goOn }).click();
    await expect(page).toHaveURL(/\/SUN\/login/);
    await signIn(page, person.email, person.password);
    await expect(heading(page, l.invoices)).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(language === 'en-US' ? 'cannot be used' : 'no se puede usar');
  });
}

test('signing in before activating says so and sends the link again; the newest link activates, the older one no longer does', async ({ page }) => {
  const l = labels['en-US'];
  const person: Person = {
    firstName: 'Reese',
    lastName: 'Doe',
    email: newAddress('early'),
    password: PASSWORD,
    account: fixtureAccounts.registerEarly.accountNumber,
    invoice: fixtureAccounts.registerEarly.invoices[0]?.invoiceNumber ?? '',
  };
  await page.goto('/SUN/registration');
  await fillIn(page, l, person);
  await page.getByRole('button', { name: l.create }).click();
  await expect(heading(page, l.checkEmail)).toBeVisible();
  const firstLink = await activationLink(page.request, person.email);

  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await signIn(page, person.email, person.password);
  await expect(page.getByRole('alert')).toHaveText('Your account is not activated yet.');
  await expect(page.getByText('The email or password is incorrect.')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new link is on its way' })).toContainText(person.email);
  await expectAccessible(page);
  await expect.poll(async () => (await emailsTo(page.request, person.email)).length).toBe(2);
  const secondLink = await activationLink(page.request, person.email);
  expect(secondLink).not.toBe(firstLink);

  await page.goto(firstLink);
  await expect(page.getByRole('alert')).toContainText('cannot be used');
  await expectAccessible(page);
  // Opened in the same tab, the second link differs from the page's address only in its fragment:
  // the page is not loaded anew, and the new link still gets tried.
  await page.goto(secondLink);
  await expect(heading(page, l.activated)).toBeVisible();
  await page.goto('/SUN/login');
  await signIn(page, person.email, person.password);
  await expect(heading(page, l.invoices)).toBeVisible();
});

test('an activation link mailed with its token in the query (before it moved to the fragment) is still tried, and the token leaves the address at once', async ({ page }) => {
  // A token nobody was sent: the server knows nothing of it, so no account is needed.
  const token = 'Q'.repeat(43);
  expect(await openActivationLink(page, `/SUN/confirmation/activate?token=${token}`)).toEqual({ token });
  await expect(page.getByRole('alert')).toContainText('This activation link cannot be used');
  await expect(page).toHaveURL(/\/SUN\/confirmation\/activate$/);
});

test("an activation link opened while signed in under another client keeps its token on the way", async ({ page }) => {
  await page.goto('/SUN/login');
  await signIn(page, demo.pat, demo.password);
  await expect(heading(page, labels['en-US'].invoices)).toBeVisible();
  // Harbor's link (its token unknown here), opened by a browser signed in under SUN: whichever
  // client the page settles under (under SUN, the address says it came from HBR, for the notice
  // of wrong-client.spec.ts), the token must come along and be tried.
  const token = 'H'.repeat(43);
  expect(
    await openActivationLink(page, `/HBR/confirmation/activate#token=${token}`, /\/(HBR\/confirmation\/activate|SUN\/confirmation\/activate(\?from=HBR)?)$/),
  ).toEqual({ token });
  await expect(page.getByRole('alert')).toContainText('This activation link cannot be used');
});

test('bad input shows the message at its field, keeps every other field, and moves the focus to the first field to fix', async ({ page }) => {
  const l = labels['en-US'];
  const account = fixtureAccounts.registerBadInput;
  const badAddress = newAddress('bad');
  await page.goto('/SUN/registration');

  // Leaving a field with something wrong in it says so at once.
  await field(page, l.email).fill('sage@');
  await field(page, l.email).blur();
  await expect(page.getByText('Enter an email address like name@example.com.')).toBeVisible();
  // Tabbing past an empty field says nothing yet.
  await field(page, l.firstName).focus();
  await field(page, l.firstName).blur();
  await expect(page.getByText('Enter your first name.')).toHaveCount(0);

  await field(page, l.lastName).fill('Doe');
  await field(page, l.account).fill(account.accountNumber);
  await field(page, l.password).fill('too short');
  await field(page, l.confirmation).fill('too shor');
  // Pressed straight from a wrong field: the press is not lost to the message that leaving it shows.
  await page.getByRole('button', { name: l.create }).click();
  await expect(page.getByText('Enter your first name.')).toBeVisible();
  await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await expect(page.getByText('Enter your invoice number.')).toBeVisible();
  await expect(page.getByText('Enter the postal code on your statement.')).toBeVisible();
  await expect(field(page, l.firstName)).toBeFocused();
  await expect(field(page, l.firstName)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, l.lastName)).toHaveValue('Doe');
  await expect(field(page, l.account)).toHaveValue(account.accountNumber);
  await expectAccessible(page);

  // The server's rules: a common password passes the form's rules but not the server's.
  await field(page, l.firstName).fill('Sage');
  await field(page, l.email).fill(badAddress);
  await field(page, l.password).fill('password1234');
  await field(page, l.confirmation).fill('password1234');
  await field(page, l.invoice).fill(account.invoices[0]?.invoiceNumber ?? '');
  await field(page, l.postalCode).fill(DEMO_POSTAL_CODE);
  await page.getByRole('button', { name: l.create }).click();
  await expect(page.getByText('This password is too common and easy to guess. Choose another one.')).toBeVisible();
  await expect(field(page, l.password)).toBeFocused();
  await expect(field(page, l.email)).toHaveValue(badAddress);
  await expect(field(page, l.lastName)).toHaveValue('Doe');

  // An invoice of another account: one answer at the account number.
  await field(page, l.password).fill(PASSWORD);
  await field(page, l.confirmation).fill(PASSWORD);
  await field(page, l.invoice).fill('SUN-970131');
  await page.getByRole('button', { name: l.create }).click();
  const notFound = page.getByText('We could not find an unpaid invoice with that account number, invoice number and postal code for this client code.');
  await expect(notFound).toBeVisible();
  await expect(field(page, l.account)).toBeFocused();
  await expect(field(page, l.firstName)).toHaveValue('Sage');
  await expectAccessible(page);

  // The account's own invoice, but a postal code that is not the statement's: the same one answer, and typing clears it.
  await field(page, l.invoice).fill(account.invoices[0]?.invoiceNumber ?? '');
  await expect(notFound).toHaveCount(0);
  await field(page, l.postalCode).fill('60601');
  await page.getByRole('button', { name: l.create }).click();
  await expect(notFound).toBeVisible();
  await expect(field(page, l.account)).toBeFocused();
  await expect(field(page, l.postalCode)).toHaveValue('60601');
  expect(await emailsTo(page.request, badAddress)).toEqual([]);
});

test('an address already registered gets the same page, and its owner an email instead of a link', async ({ page }) => {
  const l = labels['en-US'];
  const account = fixtureAccounts.registerKnownEmail;
  // An owner of their own: the shared demo user's language is changed by other tests meanwhile.
  const owner = fixtureAccounts.registerKnownOwner.userEmail;
  const before = (await emailsTo(page.request, owner)).length;
  await page.goto('/HBR/registration');
  await fillIn(page, l, {
    firstName: 'Toby',
    lastName: 'Doe',
    email: owner,
    password: PASSWORD,
    account: account.accountNumber,
    invoice: account.invoices[2]?.invoiceNumber ?? '',
  });
  await page.getByRole('button', { name: l.create }).click();
  await expect(heading(page, l.checkEmail)).toBeVisible();
  await expect(page.getByText(owner)).toBeVisible();

  await expect.poll(async () => (await emailsTo(page.request, owner)).length).toBe(before + 1);
  const [newest] = await emailsTo(page.request, owner);
  expect(newest?.subject).toBe('Harbor Imaging: someone tried to register with your email address');
  expect(newest?.body).not.toContain('confirmation/activate');
  // The owner's own password still signs them in.
  await page.goto('/SUN/login');
  await signIn(page, owner, demo.password);
  await expect(heading(page, l.invoices)).toBeVisible();
});

const removal = {
  'en-US': {
    subject: 'Sunrise Laboratories: someone registered for your billing account',
    title: 'Remove access to your account',
    remove: 'Remove this access',
    removed: 'The access is removed. That sign-in can no longer see this account.',
    activation: 'Activate your account',
    unusable: 'This activation link cannot be used',
  },
  'es-ES': {
    subject: 'Sunrise Laboratories: alguien se ha registrado en su cuenta de facturación',
    title: 'Retirar el acceso a su cuenta',
    remove: 'Retirar este acceso',
    removed: 'El acceso se ha retirado. Ese inicio de sesión ya no puede ver esta cuenta.',
    activation: 'Active su cuenta',
    unusable: 'Este enlace de activación no se puede usar',
  },
} as const;

/** Registers `email` for the account through the API, as the form sends it, in `language`. */
async function registerByApi(page: Page, email: string, language: 'en-US' | 'es-ES', account: { accountNumber: string; invoiceNumber: string }) {
  await page.request.get('/api/User/GetIsUserLoggedIn');
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/userregistration/Register', {
    headers: { 'X-XSRF-TOKEN': xsrf, 'Accept-Language': language },
    data: {
      firstName: 'Casey',
      lastName: 'Stranger',
      company: '',
      email,
      password: PASSWORD,
      clientCode: 'SUN',
      rosterAcct: account.accountNumber,
      invoice: account.invoiceNumber,
      postalCode: DEMO_POSTAL_CODE,
      billingGroup: '',
    },
  });
  expect(response.status()).toBe(200);
}

for (const language of ['en-US', 'es-ES'] as const) {
  test(`someone registers for an account: its registered user is emailed, opens the link on a phone and removes that access (${language})`, async ({ page }) => {
    const r = removal[language];
    await page.setViewportSize({ width: 320, height: 640 });
    const account = language === 'en-US' ? fixtureAccounts.registerRemovalEn : fixtureAccounts.registerRemovalEs;
    const invoice = { accountNumber: account.accountNumber, invoiceNumber: account.invoices[1]?.invoiceNumber ?? '' };
    const holder = newAddress(`holder.${language}`);
    const stranger = newAddress(`stranger.${language}`);
    await registerByApi(page, holder, language, invoice);
    // The holder's registration is done (its activation link sent) before the stranger's begins: the
    // server does both in the background, in whatever order they finish.
    await expect.poll(async () => (await emailsTo(page.request, holder)).length).toBeGreaterThan(0);
    await registerByApi(page, stranger, 'en-US', invoice);

    let notice: Email | undefined;
    await expect
      .poll(async () => {
        notice = (await emailsTo(page.request, holder)).find((email) => email.subject === r.subject && email.body.includes(stranger));
        return notice;
      }, emailArrives)
      .toBeDefined();
    expect(notice?.body).toContain(stranger);
    const link = new URL(/https?:\/\/\S+\/confirmation\/removeaccess#token=[A-Za-z0-9_-]{43}/.exec(notice?.body ?? '')?.[0] ?? '');
    await page.goto(`${link.pathname}${link.hash}`);
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await expect(heading(page, r.title)).toBeVisible();
    // The token is gone from the address bar; nothing is removed until the button is pressed.
    await expect(page).toHaveURL(/\/SUN\/confirmation\/removeaccess$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: r.remove }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(r.removed)).toBeVisible();
    await expectAccessible(page);

    // The stranger's registration is gone: its activation link no longer works.
    const activation = new URL(await activationLink(page.request, stranger));
    await page.goto(`${activation.pathname}${activation.search}${activation.hash}`);
    await expect(heading(page, r.activation)).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(r.unusable);
  });
}
