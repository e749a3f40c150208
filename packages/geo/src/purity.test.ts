import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The package also runs in a browser Web Worker: its code must not touch Node.
const sourceDirectory = new URL('.', import.meta.url);
const sources = readdirSync(sourceDirectory).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'test-helpers.ts',
);

describe('package purity', () => {
  it.each(sources)('%s uses no Node API', (name) => {
    const code = readFileSync(new URL(name, sourceDirectory), 'utf8');
    expect(code).not.toMatch(/from 'node:|from '(fs|path|os|buffer|stream|crypto)'|require\(|\bprocess\.|\bBuffer\b/);
    for (const [, specifier] of code.matchAll(/from '([^']+)'/g)) {
      expect(specifier?.startsWith('./') || specifier === '../../contract/src/constants.ts').toBe(true);
    }
  });
});
