/**
 * The running server with SMTP configured: a guest pays over HTTP and the receipt reaches a real
 * SMTP server on loopback, in the guest's language; an account is registered, activated and its
 * password reset through the links that server received; the server stops its sender when it closes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../../config';
import { XSRF_COOKIE, XSRF_HEADER } from '../../http/xsrf';
import { startServer, type RunningServer } from '../../start';
import { DEMO_POSTAL_CODE } from '../../seed/demo-data';
import { DEMO_BILLING, DEMO_GUEST, setCookies } from '../../test/harness';
import { startLoopbackSmtpServer, type LoopbackSmtpServer } from './loopback-smtp-server';

/** fetch with the cookies and anti-forgery header a browser running the SPA would send. */
function browserOf(baseUrl: string) {
  const cookies = new Map<string, string>();
  return async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const xsrf = cookies.get(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    if (init.body !== undefined) headers.set('Content-Type', 'application/json');
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    for (const cookie of setCookies(response)) cookies.set(cookie.name, cookie.value);
    return response;
  };
}

describe('the server with SMTP_URL set', () => {
  let smtp: LoopbackSmtpServer;
  let server: RunningServer;

  beforeAll(async () => {
    smtp = await startLoopbackSmtpServer({ credentials: { user: 'portal', password: 'mail-pass-123' } });
    server = await startServer({ port: 0, hostname: '127.0.0.1', mail: { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it("mails a guest's receipt as soon as the payment is made, in the guest's language", async () => {
    const browse = browserOf(server.url.replace('localhost', '127.0.0.1'));
    await browse('/api/User/GetIsUserLoggedIn');
    const login = await browse('/api/userlogin/GuestLogin', {
      method: 'POST',
      body: { ...DEMO_GUEST, language: 'es-ES', clientCode: 'SUN' },
    });
    expect(login.status).toBe(200);
    // The card is tokenized by the processor's own host, on its port, as the card page does.
    const tokenResponse = await fetch(`${server.cardFieldsUrl.replace('localhost', '127.0.0.1')}/processor/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }),
    });
    const { token } = (await tokenResponse.json()) as { token: string };
    const payment = await browse('/api/OnlinePayment/MakePayment', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'smtp-delivery-1' },
      body: { lines: [{ invoiceNumber: DEMO_GUEST.invoiceNumber, amountCents: 1000 }], cardToken: token, billing: DEMO_BILLING },
    });
    expect(payment.status).toBe(200);
    const { confirmationNumber } = (await payment.json()) as { confirmationNumber: string };

    const email = await smtp.waitForEmail((received) => received.subject.includes(confirmationNumber));
    expect(email.to).toBe(DEMO_BILLING.email);
    expect(email.from).toBe(DEFAULT_MAIL_FROM);
    expect(email.subject).toBe(`Sunrise Laboratories: Justificante de pago ${confirmationNumber}`);
    expect(email.text).toContain('Total pagado: 10,00');
    expect(email.html).toContain(confirmationNumber);

    // The development page still lists it, now as sent.
    const page = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/dev/outbox`);
    expect(await page.text()).toMatch(new RegExp(`${confirmationNumber}</h2><p>To: pat.doe@example.com · [^<]* · Sent `));
  });

  it('delivers the account links: activation, then a password reset, each used from the email received', async () => {
    const browse = browserOf(server.url.replace('localhost', '127.0.0.1'));
    await browse('/api/User/GetIsUserLoggedIn');
    const email = `smtp.${String(Date.now())}@example.com`;
    const registered = await browse('/api/userregistration/Register', {
      method: 'POST',
      body: {
        firstName: 'Sam',
        lastName: 'Mailer',
        company: '',
        email,
        password: 'Quiet harbour lantern 42',
        clientCode: 'SUN',
        rosterAcct: DEMO_GUEST.accountNumber,
        invoice: DEMO_GUEST.invoiceNumber,
        postalCode: DEMO_POSTAL_CODE,
        billingGroup: '',
      },
    });
    expect(registered.status).toBe(200);
    const activation = await smtp.waitForEmail((received) => received.to === email && received.text.includes('confirmation/activate'), 15000);
    const activationToken = /confirmation\/activate#token=([A-Za-z0-9_-]{43})/.exec(activation.text)?.[1] ?? '';
    expect(activation.html).toContain(activationToken);
    expect((await browse('/api/userregistration/Activate', { method: 'POST', body: { token: activationToken } })).status).toBe(200);

    expect((await browse('/api/ForgotPassword/CheckEmail', { method: 'POST', body: { email, clientCode: 'SUN', billingGroup: '' } })).status).toBe(200);
    const reset = await smtp.waitForEmail((received) => received.to === email && received.text.includes('resetpassword#token='), 15000);
    const resetToken = /resetpassword#token=([A-Za-z0-9_-]{43})/.exec(reset.text)?.[1] ?? '';
    const newPassword = 'Amber kettle orchard 77';
    expect(
      (await browse('/api/ForgotPassword/ResetPassword', { method: 'POST', body: { token: resetToken, password: newPassword, clientCode: 'SUN', billingGroup: '' } })).status,
    ).toBe(200);
    const signIn = await browse('/api/userlogin/Login', { method: 'POST', body: { email, password: newPassword, language: 'en-US' } });
    expect(signIn.status).toBe(200);
  });
});
