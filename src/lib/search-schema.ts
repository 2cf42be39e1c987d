/**
 * An address's search read by a contract's query schema, part by part: what reads well is kept
 * (as the schema reads it), anything else is left out, as the server's answer for a query would
 * refuse it. The router's own reading of a search turns digits into numbers: they are read back
 * as the text they were in the address.
 */
import * as v from 'valibot';

/** The search a route keeps: each part of the query, read, or undefined. */
export type KeptSearch<TEntries extends v.ObjectEntries> = { -readonly [K in keyof TEntries]?: v.InferOutput<TEntries[K]> };

/**
 * A route's `validateSearch` from a query's schema. Every key is set, if only to undefined: the
 * router lays the validated search over the raw one, so a key left out would keep its raw value.
 */
export function searchReadBy<TEntries extends v.ObjectEntries>(schema: v.ObjectSchema<TEntries, v.ErrorMessage<v.ObjectIssue> | undefined>) {
  return (search: Record<string, unknown>): KeptSearch<TEntries> => {
    const kept: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(schema.entries)) {
      const raw = search[key];
      const text = typeof raw === 'number' ? String(raw) : raw;
      const read = typeof text === 'string' && text !== '' ? v.safeParse(entry, text) : null;
      kept[key] = read?.success ? read.output : undefined;
    }
    return kept;
  };
}
