/**
 * A client's branding, as the billing office's console changes it: the theme's colours (refused
 * below WCAG AA contrast, by the rule the console's preview shares) and the logo (stored in the
 * database, served where getClientLogo says). The patients' pages read both: the colours as
 * the theme's stylesheet, the logo through `clients.logo_url`.
 */
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { brandColoursSchema, contrastProblems, type BrandColours, type ContrastProblem } from '@contracts/branding';
import { clientLogoUrl } from '@contracts/branding-urls';
import { clientSettingsSchema, type ClientSettings, type ConsoleBranding } from '@contracts/console-branding';
import type { FieldErrors } from '@contracts/errors';
import type { Database } from '../../db/client';
import { clientLogos, clients } from '../../db/schema';
import { fieldErrorsOf } from '../../http/validation';
import type { ClientRow } from '../clients/clients.service';
import { readLogo, type LogoRefusal } from './logo-image';

/** A client row's colours. */
export function coloursOf(row: Pick<ClientRow, 'brandColour' | 'brandStrongColour' | 'brandContrastColour' | 'brandTintColour'>): BrandColours {
  return { brand: row.brandColour, brandStrong: row.brandStrongColour, brandContrast: row.brandContrastColour, brandTint: row.brandTintColour };
}

/** The columns of a client row that hold these colours. */
export function colourColumns(colours: BrandColours) {
  return {
    brandColour: colours.brand,
    brandStrongColour: colours.brandStrong,
    brandContrastColour: colours.brandContrast,
    brandTintColour: colours.brandTint,
  } satisfies Partial<ClientRow>;
}

/** The address of a stored logo: the client's, with the logo's version so a new one is a new address. */
export function storedLogoUrl(client: Pick<ClientRow, 'code' | 'billingGroup'>, digest: string): string {
  return clientLogoUrl(client.code, client.billingGroup, digest.slice(0, 16));
}

/** Why a change was refused; nothing changed. */
export type BrandingRefusal =
  | { code: 'notFound' }
  | { code: 'invalidRequest'; fields: FieldErrors }
  | { code: 'contrastTooLow'; problems: ContrastProblem[] }
  | { code: LogoRefusal };

export type BrandingOutcome = { kind: 'done'; branding: ConsoleBranding } | ({ kind: 'refused' } & BrandingRefusal);

const refused = (refusal: BrandingRefusal): BrandingOutcome => ({ kind: 'refused', ...refusal });

/** Creates the branding service over the database. */
export function createBrandingService({ db }: { db: Database }) {
  /** What the console shows of a client's branding, with its settings; null for no such client. */
  async function branding(clientId: number): Promise<ConsoleBranding | null> {
    const [row] = await db
      .select({
        theme: clients.theme,
        brandColour: clients.brandColour,
        brandStrongColour: clients.brandStrongColour,
        brandContrastColour: clients.brandContrastColour,
        brandTintColour: clients.brandTintColour,
        logoUrl: clients.logoUrl,
        acceptsOnlinePayments: clients.acceptsOnlinePayments,
        externalCardLink: clients.externalCcLink,
        postingCutoff: clients.postingCutoff,
        timeZone: clients.timeZone,
        passwordLifetimeDays: clients.passwordLifetimeDays,
        contentType: clientLogos.contentType,
        width: clientLogos.width,
        height: clientLogos.height,
        // Its size, not its bytes.
        size: sql<number | null>`octet_length(${clientLogos.bytes})`,
        uploadedAs: clientLogos.uploadedAs,
        uploadedAt: clientLogos.uploadedAt,
      })
      .from(clients)
      .leftJoin(clientLogos, eq(clientLogos.clientId, clients.id))
      .where(eq(clients.id, clientId))
      .limit(1);
    if (!row) return null;
    const { contentType, width, height, size, uploadedAs, uploadedAt } = row;
    const stored = contentType !== null && width !== null && height !== null && size !== null && uploadedAt !== null;
    return {
      theme: row.theme,
      colours: coloursOf(row),
      logoUrl: row.logoUrl,
      logo: stored
        ? {
            contentType,
            width,
            height,
            bytes: size,
            uploadedAs: uploadedAs === 'image/svg+xml' ? 'image/svg+xml' : 'image/png',
            uploadedAt: uploadedAt.toISOString(),
          }
        : null,
      settings: {
        acceptsOnlinePayments: row.acceptsOnlinePayments,
        externalCardLink: row.externalCardLink,
        postingCutoff: row.postingCutoff,
        timeZone: row.timeZone,
        passwordLifetimeDays: row.passwordLifetimeDays,
      },
    };
  }

  /** The branding after a change, which found its client. */
  async function changed(clientId: number): Promise<BrandingOutcome> {
    const after = await branding(clientId);
    return after ? { kind: 'done', branding: after } : refused({ code: 'notFound' });
  }

  return {
    branding,

    /**
     * Sets the theme's colours: each `#rrggbb` (else a field error), and every pair the stylesheet
     * draws at WCAG AA contrast (else `contrastTooLow` naming each failing pair and its ratio).
     */
    async setColours(clientId: number, colours: BrandColours): Promise<BrandingOutcome> {
      const parsed = v.safeParse(brandColoursSchema, colours);
      if (!parsed.success) return refused({ code: 'invalidRequest', fields: fieldErrorsOf(parsed.issues) });
      const problems = contrastProblems(parsed.output);
      if (problems.length > 0) return refused({ code: 'contrastTooLow', problems });
      const updated = await db.update(clients).set(colourColumns(parsed.output)).where(eq(clients.id, clientId)).returning({ id: clients.id });
      return updated.length > 0 ? changed(clientId) : refused({ code: 'notFound' });
    },

    /**
     * Stores an uploaded logo (`readLogo` says what is accepted: a PNG or SVG by its bytes, at most
     * 1 MB and 2000 pixels a side, kept as a PNG) and points the client's logo address at it.
     */
    async setLogo(clientId: number, bytes: Uint8Array, declaredType: string): Promise<BrandingOutcome> {
      const read = await readLogo(bytes, declaredType);
      if (read.kind === 'refused') return refused({ code: read.code });
      const { logo } = read;
      const found = await db.transaction(async (tx) => {
        const [client] = await tx.select({ code: clients.code, billingGroup: clients.billingGroup }).from(clients).where(eq(clients.id, clientId)).for('update');
        if (!client) return false;
        const values = { contentType: logo.contentType, bytes: logo.bytes, digest: logo.digest, width: logo.width, height: logo.height, uploadedAs: logo.uploadedAs };
        await tx
          .insert(clientLogos)
          .values({ clientId, ...values })
          .onConflictDoUpdate({ target: clientLogos.clientId, set: { ...values, uploadedAt: new Date() } });
        await tx.update(clients).set({ logoUrl: storedLogoUrl(client, logo.digest) }).where(eq(clients.id, clientId));
        return true;
      });
      return found ? changed(clientId) : refused({ code: 'notFound' });
    },

    /**
     * Sets the client's settings: online payments on or off, the external card page (https or
     * empty), the posting cut-off (HH:MM) in a real time zone, the password lifetime (1 to 3650
     * days, or null for ever). A misfit is a field error and changes nothing.
     */
    async setSettings(clientId: number, settings: ClientSettings): Promise<BrandingOutcome> {
      const parsed = v.safeParse(clientSettingsSchema, settings);
      if (!parsed.success) return refused({ code: 'invalidRequest', fields: fieldErrorsOf(parsed.issues) });
      const { acceptsOnlinePayments, externalCardLink, postingCutoff, timeZone, passwordLifetimeDays } = parsed.output;
      const updated = await db
        .update(clients)
        .set({ acceptsOnlinePayments, externalCcLink: externalCardLink, postingCutoff, timeZone, passwordLifetimeDays })
        .where(eq(clients.id, clientId))
        .returning({ id: clients.id });
      return updated.length > 0 ? changed(clientId) : refused({ code: 'notFound' });
    },

    /** Removes the logo: the stored one, and the address the pages load (the header then shows the name). */
    async clearLogo(clientId: number): Promise<BrandingOutcome> {
      const found = await db.transaction(async (tx) => {
        await tx.delete(clientLogos).where(eq(clientLogos.clientId, clientId));
        const updated = await tx.update(clients).set({ logoUrl: null }).where(eq(clients.id, clientId)).returning({ id: clients.id });
        return updated.length > 0;
      });
      return found ? changed(clientId) : refused({ code: 'notFound' });
    },

    /** A client's stored logo, as served; null when it has none. */
    async storedLogo(clientId: number): Promise<{ contentType: string; bytes: Uint8Array; digest: string } | null> {
      const [logo] = await db
        .select({ contentType: clientLogos.contentType, bytes: clientLogos.bytes, digest: clientLogos.digest })
        .from(clientLogos)
        .where(eq(clientLogos.clientId, clientId))
        .limit(1);
      return logo ?? null;
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
