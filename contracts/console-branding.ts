/**
 * The console's Branding screen beside the look (contracts/branding.ts): the client's settings
 * and what the screen reads. Apart from branding.ts, which the patients' pages load: nothing of
 * the console's rules enters their JavaScript.
 */
import * as v from 'valibot';
import { brandingSchema } from './branding';

/** A real IANA time zone (as the server's and the browser's Intl know them): `America/Chicago`, `UTC`. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An external card page's address: https, no user or password in it. */
export function isCardLink(link: string): boolean {
  if (!URL.canParse(link)) return false;
  const url = new URL(link);
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== '';
}

/**
 * The client's settings the Branding screen changes beside its look: whether patients pay online,
 * an external card page instead (empty: none), when the business day's postings close (HH:MM in
 * its time zone), and how long a patient's password lasts (null: for ever). Each misfit is a
 * field error `invalid`.
 */
export const clientSettingsSchema = v.object({
  acceptsOnlinePayments: v.boolean('invalid'),
  externalCardLink: v.pipe(v.string('invalid'), v.trim(), v.maxLength(2000, 'invalid'), v.check((link) => link === '' || isCardLink(link), 'invalid')),
  postingCutoff: v.pipe(v.string('invalid'), v.trim(), v.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'invalid')),
  timeZone: v.pipe(v.string('invalid'), v.trim(), v.check(isTimeZone, 'invalid')),
  passwordLifetimeDays: v.nullable(v.pipe(v.number('invalid'), v.integer('invalid'), v.minValue(1, 'invalid'), v.maxValue(3650, 'invalid'))),
});
export type ClientSettings = v.InferOutput<typeof clientSettingsSchema>;

/** The settings as the console shows them (as stored: the request's checks are the server's). */
const clientSettingsViewSchema = v.object({
  acceptsOnlinePayments: v.boolean(),
  externalCardLink: v.string(),
  postingCutoff: v.string(),
  timeZone: v.string(),
  passwordLifetimeDays: v.nullable(v.number()),
});

/** The console's Branding screen: the look, and the settings beside it. */
export const consoleBrandingSchema = v.object({ ...brandingSchema.entries, settings: clientSettingsViewSchema });
export type ConsoleBranding = v.InferOutput<typeof consoleBrandingSchema>;
