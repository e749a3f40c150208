import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `modules.ts` stays a list of module constructions a newcomer reads in a minute (issue 39): short, and each
 * module made after the ones it uses. A closure that names a module declared further down (`(id) =>
 * later.x(id)`) works only because it is called later, and hides a dependency: none is allowed.
 */
const file = readFileSync(join(import.meta.dirname, 'modules.ts'), 'utf8');
const source = file.slice(file.indexOf('export function createModules'));

/** The code alone: no comments, no strings (import paths and messages name modules too). */
const withoutComments = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/'[^'\n]*'|`[^`]*`/g, "''");

/** The names each `const` of `text` declares, with where: `const a = …` and `const { a, b } = …`. */
function declarations(text: string) {
  const found: { name: string; at: number }[] = [];
  for (const match of text.matchAll(/\bconst\s+(\{[^}]*\}|[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=/g)) {
    const names = match[1]!.startsWith('{')
      ? match[1]!
          .slice(1, -1)
          .split(',')
          .map((part) => part.split(':').pop()!.trim())
      : [match[1]!];
    for (const name of names.filter(Boolean)) found.push({ name, at: match.index });
  }
  return found;
}

/** Each use of a declared name before its declaration: not a property (`.name`) nor an object key (`name:`). */
export function forwardReferences(text: string): string[] {
  const code = withoutComments(text);
  return declarations(code).flatMap(({ name, at }) => {
    const before = code.slice(0, at);
    const uses = [...before.matchAll(new RegExp(`(?<![.\\w$])${name.replace('$', '\\$')}(?![\\w$])(?!\\s*:)`, 'g'))];
    return uses.length ? [name] : [];
  });
}

describe('modules.ts', () => {
  it('finds a forward reference when there is one', () => {
    const text = `
      const seats = createSeats({ seat: (...args) => members.seat(...args), key: 1 });
      const members = createMembership({ capacity: seats.capacity });
      const { a, b: c } = make(members);`;
    expect(forwardReferences(text)).toEqual(['members']);
    expect(forwardReferences('const a = 1;\nconst b = { a, c: a };')).toEqual([]);
  });

  it('stays under 200 lines', () => {
    expect(file.split('\n').length).toBeLessThan(200);
  });

  it('makes each module after the ones it uses: no forward reference', () => {
    expect(declarations(withoutComments(source)).length).toBeGreaterThan(20);
    expect(forwardReferences(source)).toEqual([]);
  });
});
