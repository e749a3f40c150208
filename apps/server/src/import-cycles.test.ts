import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No runtime import circle among the server's files (issue 39): a circle makes the order in which modules
 * are evaluated matter, and a newcomer cannot tell which file is the base. Only imports that load code count:
 * `import type` and `export type` are erased by the compiler, and so is an `import { type A, type B }`.
 */
const root = import.meta.dirname;

const importLike = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const sideEffectImport = /^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** True when every name of `{ type A, type B }` is a type: the statement is then erased. */
function onlyTypes(clause: string): boolean {
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The runtime imports of one file that stay inside `src` (packages and node builtins cannot close a circle here). */
export function runtimeImports(file: string, text: string): string[] {
  const targets: string[] = [];
  for (const [, , typeOnly, clause, spec] of text.matchAll(importLike)) {
    if (typeOnly || onlyTypes(clause ?? '')) continue;
    targets.push(spec!);
  }
  for (const [, spec] of text.matchAll(sideEffectImport)) targets.push(spec!);
  return targets
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec))
    .filter((path) => path.startsWith(root) && existsSync(path));
}

/** Every circle found by a depth-first walk, each as the list of files from its first file back to it. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('server imports', () => {
  it('finds a circle when there is one, and ignores type-only imports', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', []],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    const file = join(root, 'modules/x/x.ts');
    const text = [
      "import type { A } from '../access/access.ts';",
      "import { type B, type C } from '../users/blocks.ts';",
      "import { d } from '../shared/changes.ts';",
      "export type { E } from '../users/blocks.ts';",
    ].join('\n');
    expect(runtimeImports(file, text).map((path) => relative(root, path))).toEqual(['modules/shared/changes.ts']);
  });

  it('has no runtime import circle', () => {
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(100);
    const graph = new Map(files.map((file) => [file, runtimeImports(file, readFileSync(file, 'utf8'))]));
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(root, file)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
