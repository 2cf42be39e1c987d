/**
 * The console's Branding screen, under /api/console/ (the staff session's client only): every
 * staff member sees the client's colours, logo and settings; office admins change them. Each
 * change is recorded in the audit trail with its outcome, a refusal included; nothing changes on
 * a refusal.
 */
import { brandColoursSchema, logoLimits } from './branding';
import { clientSettingsSchema, consoleBrandingSchema } from './console-branding';
import { anyStaff, officeAdmins } from './console';
import { defineEndpoint } from './endpoint';

export const getConsoleBranding = defineEndpoint({
  method: 'GET',
  path: '/console/branding',
  summary: 'The client’s theme colours, its logo (where the patients’ pages load it, and the stored one’s size) and its settings',
  access: { staffRoles: anyStaff },
  response: consoleBrandingSchema,
});

export const setConsoleBrandColours = defineEndpoint({
  method: 'POST',
  path: '/console/branding/colours',
  summary: 'Sets the theme’s four colours (#rrggbb); the patients’ pages wear them at once',
  description: 'Every pair the pages draw must reach WCAG 2 AA contrast (contracts/branding.ts contrastPairs): 4.5:1 for text, 3:1 for shapes.',
  access: { staffRoles: officeAdmins, audit: 'branding.colours' },
  json: brandColoursSchema,
  response: consoleBrandingSchema,
  refusals: { 422: 'contrastTooLow: `problems` lists each pair below its minimum with its ratio' },
});

export const uploadConsoleLogo = defineEndpoint({
  method: 'POST',
  path: '/console/branding/logo',
  summary: 'Stores the client’s logo (a PNG, or an SVG drawn into a PNG, 96 pixels high) and points the patients’ pages at it',
  description:
    'The body is the image itself, at most 1 MB (413 logoTooLarge, refused from its Content-Length before reading, else once 1 MB has been read), at most 2000 pixels a side (422 logoTooManyPixels); ' +
    'a file that is not a PNG or an SVG by its bytes, or an SVG with scripts, event handlers or outside references, is 415 logoNotAnImage.',
  access: { staffRoles: officeAdmins, audit: 'branding.logo' },
  imageBody: 'The logo: image/png or image/svg+xml, at most 1 MB and 2000 pixels wide or high.',
  maxBodyBytes: logoLimits.maxBytes,
  response: consoleBrandingSchema,
  refusals: { 422: 'logoTooManyPixels: wider or taller than 2000 pixels' },
});

export const removeConsoleLogo = defineEndpoint({
  method: 'POST',
  path: '/console/branding/logo/remove',
  summary: 'Removes the stored logo: the patients’ pages show the client’s name instead',
  access: { staffRoles: officeAdmins, audit: 'branding.logo.remove' },
  response: consoleBrandingSchema,
});

export const setConsoleClientSettings = defineEndpoint({
  method: 'POST',
  path: '/console/branding/settings',
  summary: 'Sets whether patients pay online, the external card page, the posting cut-off and time zone, and the password lifetime',
  description: 'The cut-off as HH:MM, a real IANA time zone, an https card page or empty, a lifetime of 1 to 3650 days or null (for ever); a misfit is 400 invalidRequest at its field.',
  access: { staffRoles: officeAdmins, audit: 'branding.settings' },
  json: clientSettingsSchema,
  response: consoleBrandingSchema,
});
