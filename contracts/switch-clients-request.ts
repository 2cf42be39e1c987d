/**
 * POST /api/User/SwitchClient, which the server validates. The SPA only sends it, so it imports
 * the type and never the schema: its text checks (normalising, trimming) stay out of its bundle.
 */
import * as v from 'valibot';
import { clientCodeSchema } from './clients';
import { billingGroupSchema } from './text';

/**
 * Moves the session to this client. 403 `forbidden` when the user has no account there, 404
 * `notFound` when no client has this code (and billing group).
 */
export const switchClientRequestSchema = v.object({
  clientCode: clientCodeSchema,
  billingGroup: billingGroupSchema,
});
export type SwitchClientRequest = v.InferOutput<typeof switchClientRequestSchema>;
