import { afterEach, describe, expect, it, vi } from 'vitest';
import { getClient } from '@contracts/clients-endpoints';
import { makePayment, getReceiptPdf } from '@contracts/payments-endpoints';
import { register } from '@contracts/registration-endpoints';
import { loggedInStatusSchema } from '@contracts/session';
import { extendAuthentication, getIsUserLoggedIn, login } from '@contracts/session-endpoints';
import { endpointUrl } from './endpoint-url';
import { ApiError } from './errors';
import { fieldErrorsOf } from './field-errors';
import { answerCallsWith, call, callEndpoint, loadHttp, observeCalls, observed, readCookie } from './http';

interface Seen {
  method: string;
  url: string;
  xsrf: string | null;
}

/** The app's client, talking to a fake server that answers with `respond` and records requests. */
async function clientAnswering(respond: (request: Request) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const client = (await loadHttp()).extend({
    prefixUrl: 'http://portal.test/api',
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      seen.push({ method: request.method, url: request.url, xsrf: request.headers.get('X-XSRF-TOKEN') });
      return Promise.resolve(respond(request));
    },
  });
  return { client, seen };
}

/** The calls built from declarations, answered by a fake server (the SSR build's fetch, which the tests run). */
function serverAnswering(respond: (request: Request) => Response | Promise<Response>) {
  const seen: (Seen & { body: string; headers: Record<string, string> })[] = [];
  answerCallsWith(async (request) => {
    const body = await request.clone().text();
    const headers = Object.fromEntries([...request.headers].filter(([name]) => name === 'idempotency-key' || name === 'accept-language'));
    seen.push({ method: request.method, url: request.url, xsrf: request.headers.get('X-XSRF-TOKEN'), ...(body ? { body } : {}), ...(Object.keys(headers).length ? { headers } : {}) } as Seen & { body: string; headers: Record<string, string> });
    return respond(request);
  });
  return { seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the api client', () => {
  it('sends the anti-forgery token from the cookie on a POST but not on a GET', async () => {
    vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=token%2Dvalue; x=2' });
    const { seen } = serverAnswering(() => json({ userRole: null, isUserActive: false }));
    await callEndpoint(getIsUserLoggedIn);
    await callEndpoint(login, { json: { email: 'pat.doe@example.com', password: 'secret', language: 'en-US' } });
    expect(seen).toMatchObject([
      { method: 'GET', url: 'http://portal.internal/api/User/GetIsUserLoggedIn', xsrf: null },
      { method: 'POST', url: 'http://portal.internal/api/userlogin/Login', xsrf: 'token-value' },
    ]);
  });

  it('sends the token on the one GET whose declaration says it changes state: extending the session', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=abc' });
    const { seen } = serverAnswering(() => json({ secondsLeft: 900 }));
    await expect(callEndpoint(extendAuthentication)).resolves.toEqual({ secondsLeft: 900 });
    expect(seen).toEqual([{ method: 'GET', url: 'http://portal.internal/api/user/ExtendAuthentication', xsrf: 'abc' }]);
  });

  it('returns the checked answer', async () => {
    const { client } = await clientAnswering(() => json({ userRole: 'ClientBillingUser', isUserActive: true }));
    await expect(call(() => client.get('x'), loggedInStatusSchema)).resolves.toEqual({
      userRole: 'ClientBillingUser',
      isUserActive: true,
    });
  });

  it('turns an answer of the wrong shape into a malformedResponse error, not a crash later', async () => {
    const { client } = await clientAnswering(() => json({ userRole: 'Administrator', isUserActive: 'yes' }));
    const failure = call(() => client.get('x'), loggedInStatusSchema);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'malformedResponse' });
  });

  it('turns a body that is not JSON into a malformedResponse error', async () => {
    const { client } = await clientAnswering(() => new Response('<html>proxy error</html>', { status: 200 }));
    await expect(call(() => client.get('x'), loggedInStatusSchema)).rejects.toMatchObject({ code: 'malformedResponse' });
  });

  it("reads the server's error code from a failed answer", async () => {
    const { client } = await clientAnswering(() => json({ error: 'invalidCredentials' }, 401));
    await expect(call(() => client.post('x'), loggedInStatusSchema)).rejects.toMatchObject({
      code: 'invalidCredentials',
      status: 401,
    });
  });

  it("keeps a refused request's reasons by field, so a form can show each at its field", async () => {
    const { client } = await clientAnswering(() => json({ error: 'invalidRequest', fields: { password: 'common', email: 'invalid', odd: 3 } }, 400));
    const failure = await call(() => client.post('x'), loggedInStatusSchema).catch((error: unknown) => error);
    if (!(failure instanceof ApiError)) throw new Error('A refused call rejects with an ApiError');
    expect(failure.code).toBe('invalidRequest');
    expect(fieldErrorsOf(failure)).toEqual({ password: 'common', email: 'invalid' });
    expect(fieldErrorsOf(new ApiError('invalidRequest', 400, { body: { error: 'invalidRequest' } }))).toEqual({});
    expect(fieldErrorsOf(new ApiError('network', null))).toEqual({});
  });

  it('observes a call whose answer is text, and turns its failure into an ApiError', async () => {
    const events: string[] = [];
    const stop = observeCalls({ started: () => events.push('start'), finished: () => events.push('end') });
    const { client } = await clientAnswering((request) =>
      request.method === 'POST' ? new Response('registered', { status: 200 }) : json({ error: 'tooManyRequests' }, 429),
    );
    await expect(observed(() => client.post('x').text())).resolves.toBe('registered');
    await expect(observed(() => client.get('x').text())).rejects.toMatchObject({ code: 'tooManyRequests', status: 429 });
    stop();
    expect(events).toEqual(['start', 'end', 'start', 'end']);
  });

  it('calls an unexplained failure a server error', async () => {
    const { client } = await clientAnswering(() => new Response('Bad gateway', { status: 502 }));
    await expect(call(() => client.get('x'), loggedInStatusSchema)).rejects.toMatchObject({ code: 'serverError', status: 502 });
  });

  it('calls an unreachable server a network error', async () => {
    const { client } = await clientAnswering(() => {
      throw new TypeError('fetch failed');
    });
    await expect(call(() => client.get('x'), loggedInStatusSchema)).rejects.toMatchObject({ code: 'network' });
  });

  it('tells observers when each call starts and ends, failed or not', async () => {
    const events: string[] = [];
    const stop = observeCalls({ started: () => events.push('start'), finished: () => events.push('end') });
    const { client } = await clientAnswering(() => json({ error: 'serverError' }, 500));
    await call(() => client.get('x'), loggedInStatusSchema).catch(() => undefined);
    stop();
    expect(events).toEqual(['start', 'end']);
  });

  it('reads a cookie by name only', () => {
    expect(readCookie('XSRF-TOKEN', 'NOT-XSRF-TOKEN=a; XSRF-TOKEN=b=c')).toBe('b=c');
    expect(readCookie('XSRF-TOKEN', '')).toBeNull();
  });
});

describe('calls built from endpoint declarations', () => {
  it("sends the declared method and path, the query without its undefined values, and checks the answer against the declared schema", async () => {
    const client = { code: 'SUN', name: 'Sunrise', logoUrl: null, theme: 'sun', billingGroup: null, acceptsOnlinePayments: true, patientAppUrl: null };
    const { seen } = serverAnswering(() => json(client));
    await expect(callEndpoint(getClient, { query: { clientCode: 'SUN', billingGroup: undefined } })).resolves.toEqual(client);
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET http://portal.internal/api/Client/GetClient?clientCode=SUN']);

    serverAnswering(() => json({ ...client, acceptsOnlinePayments: 'yes' }));
    await expect(callEndpoint(getClient, { query: { clientCode: 'SUN' } })).rejects.toMatchObject({ code: 'malformedResponse' });
  });

  it('sends the JSON body and the headers, and reads a text answer as text', async () => {
    const { seen } = serverAnswering(() => new Response('registered'));
    const body = { firstName: 'A', lastName: 'B', company: '', email: 'a@example.com', password: 'p', clientCode: 'SUN', rosterAcct: 'A-1', invoice: 'I-1', postalCode: '1' };
    await expect(callEndpoint(register, { json: body, headers: { 'Accept-Language': 'es-ES' } })).resolves.toBe('registered');
    expect(seen).toMatchObject([{ method: 'POST', url: 'http://portal.internal/api/userregistration/Register', body: JSON.stringify(body), headers: { 'accept-language': 'es-ES' } }]);
  });

  it('sends the declared Idempotency-Key of a payment', async () => {
    const { seen } = serverAnswering(() => json({ error: 'idempotencyKeyReused' }, 409));
    const payment = { lines: [], cardToken: 'tok_x', billing: { payerName: '', addressLine1: '', addressLine2: '', city: '', region: '', postalCode: '', country: '', email: '' } };
    await expect(callEndpoint(makePayment, { json: payment, headers: { 'Idempotency-Key': 'key-0001' } })).rejects.toMatchObject({ code: 'idempotencyKeyReused' });
    expect(seen).toMatchObject([{ headers: { 'idempotency-key': 'key-0001' } }]);
  });

  it("builds a download's address from the declared path and its query", () => {
    expect(endpointUrl(getReceiptPdf, { confirmationNumber: 'P-ABC', language: 'es-ES' })).toBe('/api/OnlinePayment/GetReceiptPdf?confirmationNumber=P-ABC&language=es-ES');
  });
});
