import { adminCallNames, adminCalls, callNames, calls } from '@cordata/contract';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, responseJsonSchema } from './serialize.ts';

/**
 * The contract's zod schema and the JSON schema generated from it agree on every call: for answers
 * made from the zod schema (every field, the fewest fields, and random mixes with undeclared extras),
 * fast-json-stringify writes exactly the bytes of JSON.stringify of the zod-parsed answer, which is
 * what clients got when zod serialized. The route tests add recorded answers: under NODE_ENV=test the
 * app checks every answer the same way (createSerializerCompiler `check`).
 */

type Mode = 'full' | 'sparse' | 'random';
type Def = { type: string; [key: string]: unknown };

const STRINGS = [
  'Monte Rosa',
  'a',
  '',
  'Trail "running" \\ Lago d\'Iseo',
  'line\nbreak\ttab \u0001',
  'caffè, città – 🏔️ 🚴‍♀️',
  '</script><b>x</b>',
  'x'.repeat(60),
  'hiking',
  'trail-running',
  'rock_climbing',
  '09:30',
  '23:59',
  '2026-11-25',
  '2026-11-25T09:56:42.123Z',
  '2026-11-25T10:56:42+01:00',
  '0190b3c4-7d5e-7a1b-8c2d-3e4f5a6b7c8d',
  '0190b3c4-7d5e-7a1b-8c2d-3e4f5a6b7c8e',
  'someone@example.com',
  'https://cdn.example.com/u/1/pic.webp?v=2',
  'https://cordata.app/a/0190b3c4',
  '+393331234567',
  'IT',
  'en',
  'Europe/Rome',
  'AbCdEf123456',
  '123456',
  'QUJDREVGR0g=',
  'otpauth://totp/Cordata:someone?secret=JBSWY3DPEHPK3PXP&issuer=Cordata',
  'JBSWY3DPEHPK3PXP',
];
const NUMBERS = [0, 1, 2, 7, 42, 1.5, -3.25, 45.4642, 9.19, 0.1 + 0.2, 1000, 86_400, 1e6, -1, 1e21, 123456789.123];

function random(seed: number) {
  let s = seed * 2654435761 + 1;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function makeSample(schema: z.ZodType, mode: Mode, rnd: () => number, path: string): unknown {
  const def = schema._zod.def as unknown as Def;
  const pick = <T>(values: readonly T[]): T[] => {
    const accepted = values.filter((v) => schema.safeParse(v).success);
    if (accepted.length === 0) throw new Error(`No sample value fits ${path} (${def.type})`);
    if (mode === 'full') return accepted;
    if (mode === 'sparse') return [...accepted].reverse();
    return [...accepted].sort(() => rnd() - 0.5);
  };
  switch (def.type) {
    case 'string':
      return pick(STRINGS)[0];
    case 'number':
      return pick(NUMBERS)[0];
    case 'boolean':
      return mode === 'sparse' ? false : mode === 'full' ? true : rnd() < 0.5;
    case 'null':
      return null;
    case 'enum':
    case 'literal':
      return pick([...schema._zod.values!])[0];
    case 'date':
      return new Date(Date.UTC(2026, 10, 25, 9, 56, 42, mode === 'sparse' ? 0 : 7));
    case 'unknown':
    case 'any':
      return mode === 'sparse' ? null : { any: ['thing', 1, true, null] };
    case 'nullable':
      if (mode === 'sparse' || (mode === 'random' && rnd() < 0.4)) return null;
      return makeSample(def.innerType as z.ZodType, mode, rnd, path);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return makeSample(def.innerType as z.ZodType, mode, rnd, path);
    case 'pipe':
      return makeSample(def.out as z.ZodType, mode, rnd, path);
    case 'lazy':
      return makeSample((def.getter as () => z.ZodType)(), mode, rnd, path);
    case 'union': {
      const options = def.options as z.ZodType[];
      const index = mode === 'full' ? 0 : mode === 'sparse' ? options.length - 1 : Math.floor(rnd() * options.length);
      return makeSample(options[index]!, mode, rnd, `${path}|${index}`);
    }
    case 'array': {
      const lengths =
        mode === 'full' ? [3, 2, 1, 0] : mode === 'sparse' ? [0, 1, 2, 3] : [Math.floor(rnd() * 4), 1, 2, 0];
      for (const length of lengths) {
        const items = Array.from({ length }, (_, i) =>
          makeSample(def.element as z.ZodType, mode, rnd, `${path}[${i}]`),
        );
        if (schema.safeParse(items).success) return items;
      }
      throw new Error(`No sample array fits ${path}`);
    }
    case 'tuple':
      return (def.items as z.ZodType[]).map((item, i) => makeSample(item, mode, rnd, `${path}[${i}]`));
    case 'record': {
      const keyType = def.keyType as z.ZodType;
      const keys = keyType._zod.values ? [...keyType._zod.values] : ['alpha', 'beta-gamma', 'Content-Type'];
      const chosen = mode === 'full' ? keys : mode === 'sparse' ? keys.slice(0, 1) : keys.filter(() => rnd() < 0.6);
      return Object.fromEntries(
        chosen.map((key) => [key, makeSample(def.valueType as z.ZodType, mode, rnd, `${path}.${String(key)}`)]),
      );
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (field._zod.optin === 'optional' && field._zod.optout === 'optional') {
          if (mode === 'sparse') continue;
          if (mode === 'random') {
            const r = rnd();
            if (r < 0.3) continue;
            if (r < 0.4) {
              out[key] = undefined;
              continue;
            }
          }
        }
        out[key] = makeSample(field, mode, rnd, `${path}.${key}`);
      }
      // Fields the contract does not declare: zod drops them, so must the JSON schema.
      if (mode !== 'full' && def.catchall === undefined) {
        out.passwordHash = 'must not leave the server';
        out.deletedAt = null;
      }
      return out;
    }
    default:
      throw new Error(`The sample maker does not know ${def.type} (${path}): teach it, and responseJsonSchema`);
  }
}

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
