import type { z } from 'zod';

/**
 * Answers made from a zod schema of the contract, for the serializer test (src/http/serialize.test.ts)
 * and bench/serialize.ts. `full`: every optional field, values not null, three items per array;
 * `sparse`: the fewest fields, nulls, empty arrays; `random` (seeded): a mix, with undefined
 * optional fields and undeclared fields (which zod drops) on plain objects.
 * A value is picked from the lists below that the schema accepts, so patterns and formats are met.
 */
export type Mode = 'full' | 'sparse' | 'random';
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

export function random(seed: number) {
  let s = seed * 2654435761 + 1;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

export function makeSample(schema: z.ZodType, mode: Mode, rnd: () => number, path: string): unknown {
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
