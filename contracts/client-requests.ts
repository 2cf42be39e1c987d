/**
 * The query naming a client, which the server validates. The SPA only sends it (see endpoint.ts),
 * so its text checks stay out of the SPA's bundle.
 */
import * as v from 'valibot';
import { clientCodeSchema } from './clients';
import { billingGroupSchema } from './text';

/** A client named by its code (case-insensitive) and billing group; an empty billing group is none. */
export const clientQuerySchema = v.object({ clientCode: clientCodeSchema, billingGroup: billingGroupSchema });

/** The named client, or without a code the session's client (none when signed out). */
export const clientOrSessionQuerySchema = v.object({ clientCode: v.optional(clientCodeSchema), billingGroup: billingGroupSchema });
export type ClientQuery = v.InferOutput<typeof clientQuerySchema>;
export type ClientOrSessionQuery = v.InferOutput<typeof clientOrSessionQuerySchema>;
