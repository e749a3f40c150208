import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A JSON schema as zod writes it (draft-07), loosely typed: only the keywords walked here are named. */
export type JsonSchema = { [keyword: string]: unknown; anyOf?: JsonSchema[]; nullable?: boolean };

const generated = new WeakMap<z.ZodType, Schema>();

/**
 * The JSON schema of an answer, generated from the contract's zod schema: the contract stays the one
 * source, fast-json-stringify compiles this into the function that writes the answer.
 *
 * draft-07 because fast-json-stringify reads tuples as `items: [...]`, not 2020-12's `prefixItems`.
 * A date (`z.date()`, none in the contract today) is written as an ISO string, as JSON.stringify does.
 * `X | null` (zod writes `anyOf: [X, {type: 'null'}]`) becomes X with `nullable: true`: fast-json-stringify
 * serves an anyOf by validating every value against each branch with Ajv, ten times slower than the
 * plain null check that `nullable` compiles to.
 */
export function responseJsonSchema(schema: z.ZodType): Schema {
  let json = generated.get(schema);
  if (!json) {
    const raw = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
      reused: 'inline',
      cycles: 'ref',
      override: (ctx) => {
        if (ctx.zodSchema._zod.def.type === 'date')
          Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      },
    }) as JsonSchema;
    delete raw.$schema;
    json = forSerializer(raw) as Schema;
    generated.set(schema, json);
  }
  return json;
}

/**
 * What zod wrote, adjusted to how fast-json-stringify reads it, with the same bytes out:
 * - `anyOf: [X, {type: 'null'}]` becomes X with `nullable: true` (see responseJsonSchema);
 * - `additionalProperties: false` goes: fast-json-stringify writes only the declared properties anyway,
 *   and inside a union (checked by Ajv) it would refuse an object with an undeclared field, where zod
 *   picks the branch and drops the field;
 * - `required` keeps only the properties before the first optional one: fast-json-stringify writes the
 *   required properties first, so a required property after an optional one would change the order of
 *   the keys. Those past it are not enforced by the serializer; the zod check under test does it.
 */
function forSerializer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forSerializer);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'additionalProperties' && child === false) continue;
    // Under `properties` the keys are field names, not keywords: a field may be called `required`.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(child as object).map(([name, s]) => [name, forSerializer(s)]))
        : forSerializer(child);
  }
  if (Array.isArray(out.required) && out.properties) {
    const required = new Set(out.required as string[]);
    const names = Object.keys(out.properties);
    const firstOptional = names.findIndex((name) => !required.has(name));
    if (firstOptional !== -1) out.required = names.slice(0, firstOptional);
  }
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const other = branches.filter((b) => !(b.type === 'null' && Object.keys(b).length === 1));
    if (other.length === 1 && !('anyOf' in other[0]!) && !('nullable' in other[0]!)) {
      const { anyOf: _, ...siblings } = out;
      return { ...siblings, ...other[0], nullable: true };
    }
  }
  return out;
}

/**
 * Writes the 200 answers with fast-json-stringify from the JSON schema of the contract, instead of
 * zod-parsing every answer and JSON.stringify-ing the copy (issue 17: that was the most expensive
 * step of a big answer). Undeclared fields are dropped, as zod dropped them.
 *
 * With `check` (NODE_ENV=test, so the whole test suite) every answer is also zod-checked against
 * the contract, as before (a breach is a ResponseSerializationError, logged by handleError), and
 * the fast bytes must equal JSON.stringify of the zod-checked answer: what clients got before.
 * The serializer of a call is compiled on its first answer, not at start (111 calls).
 */
export function createSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    let compiled: ((data: unknown) => string) | undefined;
    const stringify = (data: unknown) => {
      compiled ??= fastJson(responseJsonSchema(schema));
      return compiled(data);
    };
    if (!options.check) return stringify;
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const fast = stringify(data);
      const expected = JSON.stringify(checked.data);
      if (fast !== expected) throw new SerializerMismatchError(method, url, fast, expected);
      return fast;
    };
  };
}

const answerWriters = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * A call's 200 answer as the route writes it (the same compiled fast-json-stringify of the contract's schema, so
 * undeclared fields are dropped the same way): for answers that travel inside another, the outing pack's.
 */
export function answerJson(schema: z.ZodType, data: unknown): string {
  let write = answerWriters.get(schema);
  if (!write) {
    write = fastJson(responseJsonSchema(schema));
    answerWriters.set(schema, write);
  }
  return write(data);
}

/** The JSON schema serializer wrote other bytes than zod + JSON.stringify: a gap in responseJsonSchema. */
export class SerializerMismatchError extends Error {
  constructor(method: string, url: string, fast: string, expected: string) {
    let at = 0;
    while (at < fast.length && fast[at] === expected[at]) at++;
    super(
      `The serializer of ${method} ${url} differs from the contract at byte ${at}: ` +
        `${JSON.stringify(fast.slice(Math.max(0, at - 40), at + 40))} instead of ${JSON.stringify(expected.slice(Math.max(0, at - 40), at + 40))}`,
    );
    this.name = 'SerializerMismatchError';
  }
}
