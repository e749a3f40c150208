import { randomUUID } from 'node:crypto';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
};

/** A plausible value of a schema: what a well-behaved client would send. */
export function sample(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((v) => v.type !== 'null') ?? variants[0]!);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value);
      return out;
    }
    case 'array':
      if (schema.prefixItems) return schema.prefixItems.map(sample);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return `fuzz${Math.floor(Math.random() * 1e9)}@example.test`;
    case 'date':
      return '2031-06-15';
    case 'date-time':
      return '2031-06-15T08:00:00.000Z';
  }
  if (schema.pattern?.includes('[01]\\d|2[0-3]')) return '08:00';
  if (schema.pattern?.includes('a-z0-9-')) return 'running';
  return 'Trail'.padEnd(Math.max(5, schema.minLength ?? 0), 'x');
}

export const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Hostile values for one field: wrong types, huge and tricky strings, numbers JSON cannot hold well. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  1.5,
  '',
  ' ',
  'x'.repeat(100_000),
  "' OR 1=1 --",
  "'); DROP TABLE users; --",
  '../../../../etc/passwd',
  '%00\u0000nul',
  '<script>alert(1)</script>',
  '\ud83c',
  '2026-02-30',
  '2026-13-01T25:61:00Z',
  'NaN',
  'Infinity',
  [],
  Array.from({ length: 5000 }, () => 'a'),
  {},
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  { $where: 'sleep(1000)' },
  nest(200),
];

function nest(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Whole bodies that are wrong as a whole. */
export const HOSTILE_BODIES: string[] = [
  'null',
  '[]',
  '"text"',
  '42',
  'NaN',
  '{"a":Infinity}',
  '{',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  JSON.stringify(nest(2000)),
];
