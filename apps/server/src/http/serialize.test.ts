import { adminCallNames, adminCalls, callNames, calls } from '@cordata/contract';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Mode, makeSample, random } from '../../test/contract-samples.ts';
import { createSerializerCompiler, responseJsonSchema } from './serialize.ts';

/**
 * The contract's zod schema and the JSON schema generated from it agree on every call: for answers
 * made from the zod schema (every field, the fewest fields, and random mixes with undeclared extras),
 * fast-json-stringify writes exactly the bytes of JSON.stringify of the zod-parsed answer, which is
 * what clients got when zod serialized. The route tests add recorded answers: under NODE_ENV=test the
 * app checks every answer the same way (createSerializerCompiler `check`).
 */

const everyCall: [string, z.ZodType][] = [
  ...callNames.map((name) => [name, calls[name].response as z.ZodType] as [string, z.ZodType]),
  ...adminCallNames.map((name) => [`admin/${name}`, adminCalls[name].response as z.ZodType] as [string, z.ZodType]),
];
const MODES: [Mode, number][] = [
  ['full', 0],
  ['sparse', 0],
  ...Array.from({ length: 8 }, (_, i): [Mode, number] => ['random', i + 1]),
];

describe('the JSON schema serializer and the contract agree', () => {
  it.each(everyCall)('%s', (name, schema) => {
    const stringify = fastJson(responseJsonSchema(schema));
    for (const [mode, seed] of MODES) {
      const answer = makeSample(schema, mode, random(seed), name);
      const parsed = schema.safeParse(answer);
      expect(parsed.error, `${name} ${mode} ${seed}: the sample breaks the contract`).toBeUndefined();
      const fast = stringify(answer);
      expect(fast, `${name} ${mode} ${seed}`).toBe(JSON.stringify(parsed.data));
      expect(JSON.parse(fast)).toEqual(parsed.data);
    }
  });

  it('covers every call of the contract', () => {
    expect(everyCall.length).toBe(callNames.length + adminCallNames.length);
    expect(everyCall.length).toBeGreaterThan(100);
  });
});

describe('responseJsonSchema', () => {
  it('writes `X | null` as a nullable X, not an anyOf that fast-json-stringify would check with Ajv', () => {
    const schema = z.object({
      at: z.iso.datetime({ offset: true }).nullable(),
      n: z.object({ a: z.int() }).nullable(),
    });
    const json = responseJsonSchema(schema) as unknown as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties.at).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
    expect(json.properties.n).toMatchObject({ type: 'object', nullable: true });
    expect(JSON.stringify(json)).not.toContain('anyOf');
  });

  it('writes a Date as its ISO string, as JSON.stringify does', () => {
    const schema = z.object({ at: z.date(), maybe: z.date().nullable() });
    const value = { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)), maybe: null };
    expect(fastJson(responseJsonSchema(schema))(value)).toBe(JSON.stringify(value));
  });

  it('keeps a discriminated union and a plain union of objects apart', () => {
    const schema = z.object({
      shape: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), a: z.string() }),
        z.object({ kind: z.literal('b'), b: z.int() }),
      ]),
    });
    const stringify = fastJson(responseJsonSchema(schema));
    for (const shape of [
      { kind: 'a', a: 'x' },
      { kind: 'b', b: 2 },
    ] as const) {
      expect(stringify({ shape: { ...shape, extra: 1 } })).toBe(JSON.stringify(schema.parse({ shape })));
    }
  });
});

describe('createSerializerCompiler', () => {
  const schema = z.object({ name: z.string(), at: z.iso.datetime().nullable() });
  const compile = (check: boolean) =>
    createSerializerCompiler({ check })({ schema, method: 'POST', url: '/x', httpStatus: '200' } as never);

  it('drops undeclared fields', () => {
    expect(compile(false)({ name: 'a', at: null, secret: 's' })).toBe('{"name":"a","at":null}');
  });

  it('checks the answer against the contract when asked (tests), not otherwise (production)', () => {
    const bad = { name: 42, at: null };
    expect(() => compile(true)(bad)).toThrow(/doesn't match the schema/);
    expect(compile(false)(bad)).toBe('{"name":"42","at":null}');
  });
});
