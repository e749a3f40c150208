import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sourceRoot = join(import.meta.dirname, '..');

/** Texts that stay the same in every language (symbols carry no letter and pass by themselves). */
const allowed = new Set([
  // The attribution OpenStreetMap's licence asks for, in these words.
  'OpenStreetMap contributors',
]);

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

const textProps = new Set(['aria-label', 'placeholder', 'title', 'alt']);
const hasLetter = (text: string) => /\p{L}/u.test(text);

/** JSX text and quoted aria-label/placeholder/title/alt with a letter in them, read from the syntax tree. */
function hardCodedTexts(source: string): string[] {
  const file = ts.createSourceFile('component.tsx', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (hasLetter(text)) found.push(text);
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const name = node.name.getText(file);
      if (textProps.has(name) && hasLetter(node.initializer.text)) found.push(`${name}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((text) => !allowed.has(text));
}

describe('texts the reader sees', () => {
  it('finds a hard-coded text and lets an allowed one pass', () => {
    expect(
      hardCodedTexts(
        '<p>Join the ride</p><span>OpenStreetMap contributors</span><i>{t("x")}</i><b aria-label="Close" />',
      ),
    ).toEqual(['Join the ride', 'aria-label="Close"']);
  });

  it('are never written into a component, only in the dictionaries', () => {
    const offenders = componentFiles(sourceRoot).flatMap((file) =>
      hardCodedTexts(readFileSync(file, 'utf8')).map((text) => `${relative(sourceRoot, file)}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });
});
