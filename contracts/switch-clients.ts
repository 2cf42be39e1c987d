/**
 * Switching clients: the signed-in user's clients (those where they have an account), and moving
 * the session to one of them. The server validates the request with these schemas; the SPA checks
 * the answers with them and imports the request's type only.
 */
import * as v from 'valibot';
import { clientCodeSchema } from './clients';
import { billingGroupSchema } from './text';

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

/**
 * POST /api/User/SwitchClient: moves the session to this client. 403 `forbidden` when the user
 * has no account there, 404 `notFound` when no client has this code.
 */
export const switchClientRequestSchema = v.object({
  clientCode: clientCodeSchema,
  billingGroup: billingGroupSchema,
});
export type SwitchClientRequest = v.InferOutput<typeof switchClientRequestSchema>;

/** The answer of a switch: the client the session is under now. */
export const switchClientResponseSchema = v.object({ clientCode: v.string(), billingGroup: v.nullable(v.string()) });
export type SwitchClientResponse = v.InferOutput<typeof switchClientResponseSchema>;
