/** The clients (tenants): their list, one client's look and settings, and its links. */
import * as v from 'valibot';

/** A client code is 2 to 4 letters. */
export const clientCodeSchema = v.pipe(v.string('invalid'), v.regex(/^[A-Za-z]{2,4}$/, 'invalid'));


/** One entry of the client list. */
export const clientListEntrySchema = v.object({
  code: v.string(),
  name: v.string(),
  logoUrl: v.nullable(v.string()),
  theme: v.string(),
  billingGroup: v.nullable(v.string()),
});
export type ClientListEntry = v.InferOutput<typeof clientListEntrySchema>;

/** GET /api/Client/GetClientList. */
export const clientListSchema = v.array(clientListEntrySchema);

/** GET /api/Client/GetClient?clientCode=&billingGroup= (404 when the code is unknown). */
export const clientSchema = v.object({
  code: v.string(),
  name: v.string(),
  logoUrl: v.nullable(v.string()),
  theme: v.string(),
  billingGroup: v.nullable(v.string()),
  acceptsOnlinePayments: v.boolean(),
  /** The client's app for patients (https), which the signed-out menu links to; null for none. */
  patientAppUrl: v.nullable(v.string()),
});
export type Client = v.InferOutput<typeof clientSchema>;

/** GET /api/Client/GetClientUrl?clientCode= */
export const clientUrlResponseSchema = v.object({ url: v.string() });

/** GET /api/ClientLinks/GetClientLinks?clientCode=&billingGroup= */
export const clientLinksResponseSchema = v.object({ externalCCLink: v.string() });

/** GET /api/user/DoesClientAcceptPayments?clientCode=&billingGroup= */
export const acceptsPaymentsResponseSchema = v.object({ acceptsPayments: v.boolean() });
