/**
 * What the console's browser paths share: a console screen opened with its calls held, the staff
 * session and the screen's data answered as the path needs (no seeded staff member signs in), the
 * API's answer to a failed call, and the console's messages in English.
 */
import type { StaffRole } from '@contracts/console';
import { expect } from '../fixtures';
import type { PathRun } from './browser-paths';
import { errorCodeOf, json, offline, refusal, type Answer } from './call-gate';

export const staffSession = 'console/session';

/** The email of the staff member the console paths sign in as (the models' own office admin). */
export const ownEmail = 'office.admin@sunriselabs.example';

/** The console's session, signed in to Sunrise Laboratories with this role. */
export const signedInAs = (role: StaffRole) => ({ stage: 'signedIn', email: ownEmail, role, clientCode: 'SUN', clientName: 'Sunrise Laboratories', idleSeconds: 900 });

/**
 * Opens a console screen (`/SUN/office/<screen>`) with these calls held: the session answers signed
 * in with the role, the screen's loading call answers its data, and the screen's heading shows.
 */
export async function openConsoleScreen(run: PathRun, { screen, role, load, heading, hold = [] }: { screen: string; role: StaffRole; load: { endpoint: string; body: unknown }; heading: string; hold?: string[] }): Promise<void> {
  run.gate.hold(staffSession, load.endpoint, ...hold);
  await run.page.goto(`/SUN/office/${screen}`);
  await run.gate.answer(staffSession, json(signedInAs(role)));
  await run.gate.answer(load.endpoint, json(load.body));
  await expect(run.page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

/** The HTTP status the console's API answers each refusal code with (500 for the rest). */
const statuses: Readonly<Record<string, number>> = {
  notSignedIn: 401,
  tooManyRequests: 429,
  invalidRequest: 400,
  staffExists: 409,
  lastOfficeAdmin: 409,
  alreadyActivated: 409,
  paymentVoided: 409,
  amountExceedsRefundable: 409,
  idempotencyKeyReused: 409,
};

/**
 * A console call failing as the machine's failure code says: the network down, the session ended
 * (401 notSignedIn), a refusal with the API's own code (`apiCodes` maps a machine's code to the
 * API's where they differ), or the server failing.
 */
export function consoleFailure(error: unknown, apiCodes: Readonly<Record<string, string>> = {}): Answer {
  const code = errorCodeOf(error) ?? 'network';
  if (code === 'network') return offline;
  const apiCode = code === 'expired' ? 'notSignedIn' : (apiCodes[code] ?? code);
  return refusal(statuses[apiCode] ?? 500, apiCode);
}

/** A console screen's call that failed as a whole, as its message says (useConsoleFailureMessage). */
export const consoleFailureMessages = {
  expired: 'Your session had ended, so this was not done. Once you are signed in again, try again: what you typed is still here.',
  network: 'We could not reach the portal. Check your connection and try again.',
  serverError: 'Something went wrong on our side. Nothing was lost: try again in a moment.',
} as const;

/** Today in the console on a day with nothing to show, as the server answers it. */
export const quietDay = { businessDate: '2026-11-27', timeZone: 'America/Chicago', money: [], paymentsCents: 0, refundsCents: 0, netCents: 0, imports: [], failingDeliveries: { count: 0, newest: [] }, lockedOut: [] };

/** A device with passkeys for this site: Chromium's virtual authenticator (its CDP session and id, to add credentials to it). */
export async function addVirtualAuthenticator(run: PathRun) {
  const cdp = await run.context.newCDPSession(run.page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** The staff roles' names. */
export const roleNames: Record<StaffRole, string> = { officeAdmin: 'Office admin', billingStaff: 'Billing staff', readOnly: 'Read-only' };
