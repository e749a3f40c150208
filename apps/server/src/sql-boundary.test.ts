import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Services hold rules, repositories hold SQL (issue 39). Outside `*.repository.ts`, `db/` and the migrations
 * (`apps/server/drizzle`, outside this folder), no file builds or runs a statement: no value import from
 * `drizzle-orm` (its `sql` template and query operators), no value import of the statement helpers of
 * `db/client.ts`, and no `select`/`insert`/`update`/`delete`/`execute`/`query` called on the database or a
 * transaction. Type imports stay allowed: a service may name `Db` or `Tx` to hand them to its repository.
 */
const root = import.meta.dirname;

/** Files named for SQL that repositories compose: each rule's predicate beside its pure function. */
const sqlFragmentFile = /\.sql\.ts$/;

/** Tests and their helpers build fixtures with whatever statement is shortest. */
const testFile = /\.test\.ts$|\.test-helpers\.ts$/;

const allowed: Record<string, string> = {
  // access.ts holds each rule as a pure function and as the SQL predicate repositories compose, held equal by
  // access.property.test.ts; splitting the pair across two files would lose the point of that model.
  'modules/access/access.ts': 'rule predicates, each beside its pure function',
};

const statementHelper = /\b(queryRows|preparedRows|preparedOn|firstRow)\b/;
const databaseCall = /\b(db|tx|trx|database)\s*\.\s*(select|selectDistinct|insert|update|delete|execute|query)\b/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function valueImports(source: string, from: RegExp): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (match[1] || !from.test(match[3] ?? '')) continue;
    for (const name of (match[2] ?? '').split(',')) {
      const trimmed = name.trim();
      if (trimmed && !trimmed.startsWith('type ')) names.push(trimmed);
    }
  }
  return names;
}

/** What in a file builds or runs SQL, one line per finding. */
export function sqlFindings(source: string): string[] {
  const findings: string[] = [];
  const drizzle = valueImports(source, /^drizzle-orm(\/|$)/);
  if (drizzle.length > 0) findings.push(`imports ${drizzle.join(', ')} from drizzle-orm`);
  const helpers = valueImports(source, /db\/client(\.ts)?$/).filter((name) => statementHelper.test(name));
  if (helpers.length > 0) findings.push(`imports ${helpers.join(', ')} from db/client`);
  for (const call of source.matchAll(databaseCall)) {
    const line = source.slice(0, call.index).split('\n').length;
    findings.push(`line ${line}: ${call[0].replace(/\s+/g, '')}`);
  }
  return findings;
}

function exempt(path: string): boolean {
  return (
    path.startsWith('db/') ||
    path.endsWith('.repository.ts') ||
    sqlFragmentFile.test(path) ||
    testFile.test(path) ||
    path in allowed
  );
}

describe('SQL lives in repositories', () => {
  it('finds SQL the way the rule means it', () => {
    expect(sqlFindings("import { sql } from 'drizzle-orm';")).toHaveLength(1);
    expect(sqlFindings("import type { SQL } from 'drizzle-orm';")).toEqual([]);
    expect(sqlFindings("import { type Db, queryRows } from '../../db/client.ts';")).toHaveLength(1);
    expect(sqlFindings("import type { Db } from '../../db/client.ts';")).toEqual([]);
    expect(sqlFindings('await tx\n  .update(users)')).toEqual(['line 1: tx.update']);
    expect(sqlFindings('await db.delete(users)')).toHaveLength(1);
    expect(sqlFindings('seen.delete(key); cache.update(x)')).toEqual([]);
  });

  it('has no statement outside repositories, db/ and the allowlist', () => {
    const offenders = sourceFiles(root)
      .map((file) => relative(root, file))
      .filter((path) => !exempt(path))
      .flatMap((path) => sqlFindings(readFileSync(join(root, path), 'utf8')).map((finding) => `${path}: ${finding}`));
    expect(offenders).toEqual([]);
  });

  it('keeps its allowlist current', () => {
    const stale = Object.keys(allowed).filter((path) => {
      try {
        return sqlFindings(readFileSync(join(root, path), 'utf8')).length === 0;
      } catch {
        return true;
      }
    });
    expect(stale).toEqual([]);
  });
});
