/**
 * Who registers in the register group's paths: an address of the path's own, new on every run
 * (a registered address stays registered on the server, and each address may get only a few
 * emails in a quarter of an hour), and the real activation link the server emails to it.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, emailArrives } from '../fixtures';
import { DEMO_POSTAL_CODE } from '../../../server/seed/demo-data';
import { modelPathAccounts } from '../fixture-data';
import type { PathRun } from './browser-paths';

const runTags = new WeakMap<Page, string>();

/** The path's own address for `kind` (e2e.model.register.<kind>.<nn>+<run>@example.com), the same throughout one run of the path. */
export function registrantEmail(run: PathRun, kind: string): string {
  let tag = runTags.get(run.page);
  if (!tag) {
    tag = randomUUID().slice(0, 8);
    runTags.set(run.page, tag);
  }
  return `e2e.model.register.${kind}.${String(run.number).padStart(2, '0')}+${tag}@example.com`;
}

/** A password the registration rules and the server take. */
export const registrantPassword = 'Quiet meadow lantern 42';

const unescape = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))).replace(/&amp;/g, '&');

/**
 * Registers the path's own address for `kind` for its own account through the API (as the form
 * sends it, with the page's anti-forgery cookie).
 */
async function registerByApi(run: PathRun, kind: string, account = modelPathAccounts.registrant(run.number)): Promise<string> {
  const { page } = run;
  const email = registrantEmail(run, kind);
  // Any API answer hands out the anti-forgery cookie.
  await page.request.get('/api/User/GetIsUserLoggedIn');
  const xsrf = (await run.context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const registered = await page.request.post('/api/userregistration/Register', {
    headers: { 'X-XSRF-TOKEN': xsrf, 'Accept-Language': 'en-US' },
    data: {
      firstName: 'Riley',
      lastName: 'Model',
      company: '',
      email,
      password: registrantPassword,
      clientCode: account.clientCode,
      rosterAcct: account.accountNumber,
      invoice: account.invoices[0]?.invoiceNumber ?? '',
      postalCode: DEMO_POSTAL_CODE,
      billingGroup: '',
    },
  });
  expect(registered.status()).toBe(200);
  return email;
}

/** An emailed activation link. */
const activationLink = /https?:\/\/\S+\/confirmation\/activate#token=[A-Za-z0-9_-]{43}/;

/** The first link matching `pattern` in the newest email to `email` in the development outbox, once it is there. */
async function linkEmailedTo(run: PathRun, email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = unescape(await (await run.page.request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).text());
      const message = outbox.split('<article>').find((article) => article.includes(`To: ${email} `));
      link = pattern.exec(message ?? '')?.[0];
      return link;
    }, emailArrives)
    .toBeDefined();
  return link ?? '';
}

/** Registers the path's own address for its own account, and returns the activation link the server emails. */
export async function registerAndReadLink(run: PathRun, kind: string): Promise<string> {
  const email = await registerByApi(run, kind);
  return linkEmailedTo(run, email, activationLink);
}

/**
 * Registers two of the path's own addresses for its account, one after the other, and returns the
 * link that removes the second one's access, as the notice to the first carries it.
 */
export async function registerTwiceAndReadRemovalLink(run: PathRun): Promise<string> {
  // An account of these paths alone: a registration or activation path of the same number may run first.
  const account = modelPathAccounts.accessRemovalRegistrant(run.number);
  const holder = await registerByApi(run, 'holder', account);
  // The holder's registration is done once its activation email is there (the server writes it after
  // answering): only then is the newcomer the second, whose arrival the holder is told of.
  await linkEmailedTo(run, holder, activationLink);
  await registerByApi(run, 'newcomer', account);
  return linkEmailedTo(run, holder, /https?:\/\/\S+\/confirmation\/removeaccess#token=[A-Za-z0-9_-]{43}/);
}
