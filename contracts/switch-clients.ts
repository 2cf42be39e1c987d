/**
 * Switching clients: the signed-in user's clients (those where they have an account), and the
 * answer of moving the session to one of them. The SPA checks the answers with these schemas; the
 * request is in switch-clients-request.ts, whose text checks stay out of the SPA's bundle.
 */
import * as v from 'valibot';

/** One client of the signed-in user, as the switch page lists it. */
export const userClientSchema = v.object({
  code: v.string(),
  /** Told apart from the code's other entries by it (DLT 52); null for most clients. */
  billingGroup: v.nullable(v.string()),
  /** Empty for some clients: the page shows the code instead. */
  name: v.string(),
  logoUrl: v.nullable(v.string()),
  /** The user's billing account under this client. */
  accountNumber: v.string(),
  /** The session is under this client now. */
  isCurrent: v.boolean(),
});
export type UserClient = v.InferOutput<typeof userClientSchema>;

/** GET /api/User/GetUserClients: the clients in the order the user joined them. */
export const userClientsSchema = v.array(userClientSchema);

/** The answer of POST /api/User/SwitchClient: the client the session is under now. */
export const switchClientResponseSchema = v.object({ clientCode: v.string(), billingGroup: v.nullable(v.string()) });
export type SwitchClientResponse = v.InferOutput<typeof switchClientResponseSchema>;
