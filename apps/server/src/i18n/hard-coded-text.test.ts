import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const serverRoot = join(import.meta.dirname, '..');

/** Strings with words that no reader sees as words. */
const allowed = new Set([
  // The share card's font stack.
  "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif",
]);

/** The server's files that write to people: those that read a catalog of texts (./<namespace>.ts). */
function textWriters(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : textWriters(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return /from '(\.\.\/)+i18n\/(?!catalog|accept-language)\w+\.ts'/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/**
 * Words in a string or a template: two words of letters side by side. Markup, styles and code carry `<`, `{`, `=`
 * or `;` and pass; an error for developers is thrown, never shown, and passes too.
 */
function hardCodedTexts(source: string): string[] {
  const file = ts.createSourceFile('texts.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const isPhrase = (text: string) => /\p{L}{2,} \p{L}{2,}/u.test(text) && !/[<>{}=;]/.test(text);
  const thrown = (node: ts.Node) => {
    for (let up = node.parent; up; up = up.parent) if (ts.isThrowStatement(up) || ts.isNewExpression(up)) return true;
    return false;
  };
  const visit = (node: ts.Node) => {
    const parts =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? [node.text]
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
          : [];
    for (const text of parts) if (isPhrase(text) && !thrown(node)) found.push(text.trim());
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((text) => !allowed.has(text));
}

describe('texts the server writes to people', () => {
  it('finds words in a string or a template, and lets markup and thrown errors pass', () => {
    expect(
      hardCodedTexts(
        "const a = 'Your code'; const b = `${n} more people`; const c = '<p class=\"x\">'; throw new Error('No text here');",
      ),
    ).toEqual(['Your code', 'more people']);
  });

  it('come from the translation files, never from the code', () => {
    const files = textWriters(serverRoot);
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.flatMap((file) =>
      hardCodedTexts(readFileSync(file, 'utf8')).map((text) => `${relative(serverRoot, file)}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });
});
