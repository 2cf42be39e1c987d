/**
 * A patient's side, through the portal's API in a request context of its own (its own cookies, so
 * a test's staff session in the page is not touched): a user who signs in, a guest who pays.
 */
import { request, type APIRequestContext } from '@playwright/test';
import { demo } from './fixtures';

/** A request context with the portal's anti-forgery cookie, and the header that repeats it (read again after a sign-in, which starts a new session). */
async function patientContext(): Promise<{ api: APIRequestContext; headers: () => Promise<Record<string, string>> }> {
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: the global set-up did not start the server');
  const api = await request.newContext({ baseURL });
  await api.get('/api/user/DoesClientAcceptPayments?clientCode=SUN');
  const headers = async () => ({ 'X-XSRF-TOKEN': (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' });
  return { api, headers };
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<unknown> {
  if (!response.ok()) throw new Error(`${what} refused: ${String(response.status())} ${await response.text()}`);
  return response.json();
}

/** Signs a fixture user in under SUN (a live session of theirs); returns the context to dispose of. */
export async function signInPatient(email: string): Promise<APIRequestContext> {
  const { api, headers } = await patientContext();
  await ok(await api.post('/api/userlogin/Login', { headers: await headers(), data: { email, password: demo.password, language: 'en-US', clientCode: 'SUN' } }), 'Sign-in');
  return api;
}

/** Pays `amountCents` of a guest's invoice (at SUN unless said) with the sandbox's test Visa (…4242); answers the confirmation number. */
export async function payAsGuest(accountNumber: string, invoiceNumber: string, amountCents: number, clientCode = 'SUN'): Promise<string> {
  const cardFields = process.env.E2E_CARD_FIELDS_URL;
  if (!cardFields) throw new Error('E2E_CARD_FIELDS_URL is not set: the global set-up did not start the server');
  const { api, headers } = await patientContext();
  try {
    await ok(await api.post('/api/userlogin/GuestLogin', { headers: await headers(), data: { accountNumber, invoiceNumber, language: 'en-US', clientCode } }), 'Guest sign-in');
    const token = (await ok(await api.post(`${cardFields}/processor/tokens`, { data: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' } }), 'Card token')) as { token: string };
    const billing = { payerName: 'Morgan Refund', addressLine1: '1 Main Street', addressLine2: '', city: 'Springfield', region: 'IL', postalCode: '62704', country: 'United States', email: 'morgan.refund@example.com' };
    const receipt = (await ok(
      await api.post('/api/OnlinePayment/MakePayment', {
        headers: { ...(await headers()), 'Idempotency-Key': crypto.randomUUID() },
        data: { lines: [{ invoiceNumber, amountCents }], cardToken: token.token, billing },
      }),
      'Payment',
    )) as { confirmationNumber: string };
    return receipt.confirmationNumber;
  } finally {
    await api.dispose();
  }
}
