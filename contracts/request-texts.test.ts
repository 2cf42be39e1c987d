/**
 * Every text a request carries takes the shared text rules (text.ts) or a stricter pattern: a NUL
 * byte, another control character or a lone surrogate half is refused at the boundary (400 with
 * the field named; a path parameter's misfit is a 404), never handed to the database (which
 * refuses a NUL with a server error). The JSON statement's texts are checked row by row by the
 * import instead (statement-row.ts), which refuses such a row with its reason.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiEndpoints } from './api';

type AnySchema = v.GenericSchema & { type: string; pipe?: readonly { kind: string; type: string }[]; entries?: Record<string, AnySchema>; wrapped?: AnySchema; item?: AnySchema; options?: readonly AnySchema[]; key?: AnySchema; value?: AnySchema };

/** Every string schema inside `schema`, with its path, each as the schema that checks it (its pipe included). */
function textsOf(schema: AnySchema, path: string): { path: string; schema: v.GenericSchema }[] {
  const base = schema.pipe?.[0] as AnySchema | undefined;
  if (base && base !== schema) {
    if (base.type === 'string') return [{ path, schema }];
    return textsOf(base, path);
  }
  switch (schema.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return Object.entries(schema.entries ?? {}).flatMap(([name, entry]) => textsOf(entry, `${path}.${name}`));
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return schema.wrapped ? textsOf(schema.wrapped, path) : [];
    case 'array':
      return schema.item ? textsOf(schema.item, `${path}[]`) : [];
    case 'union':
    case 'variant':
      return (schema.options ?? []).flatMap((option, index) => textsOf(option, `${path}|${String(index)}`));
    case 'record':
      return schema.value ? textsOf(schema.value, `${path}{}`) : [];
    default:
      return [];
  }
}

describe('the texts of every request', () => {
  const texts = apiEndpoints.flatMap(({ name, endpoint }) =>
    (['params', 'query', 'headers', 'json'] as const).flatMap((part) => {
      const schema = endpoint[part];
      return schema ? textsOf(schema, `${name} ${part}`) : [];
    }),
  );

  it('are found: the walk reaches the fields of every part', () => {
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.map((text) => text.path)).toEqual(expect.arrayContaining(['postStatement query.fileName', 'login json.email']));
  });

  it('refuse a NUL byte, an escape and a lone surrogate half', () => {
    const outcome = (schema: v.GenericSchema, text: string) => {
      try {
        return v.safeParse(schema, text).success ? 'takes' : 'refuses';
      } catch (error) {
        return `throws ${String(error)} on`;
      }
    };
    const letThrough = texts.flatMap(({ path, schema }) =>
      ['a\u0000b', 'a\u001bb', 'a\ud800b'].map((bad) => `${path} ${outcome(schema, bad)} ${JSON.stringify(bad)}`).filter((line) => !line.includes(' refuses ')),
    );
    expect(letThrough).toEqual([]);
  });
});
