#!/usr/bin/env node
/**
 * Lists the server test files that use a database or Redis: those whose relative imports reach, at any
 * depth, a module that opens one (openDatabase, new Redis, or reads TEST_DATABASE_URL/TEST_REDIS_URL).
 * CI runs only these again on PostgreSQL and Redis; every file still runs on PGlite. Derived from the
 * code, so a new test file that uses the database cannot be left out (scripts/database-tests.test.ts).
 * Prints paths relative to apps/server, one a line.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const opensStore = /openDatabase\(|new Redis\(|TEST_DATABASE_URL|TEST_REDIS_URL/;
const importFrom =
  /(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const verdicts = new Map();
function usesStore(file, seen = new Set()) {
  if (verdicts.has(file)) return verdicts.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  let found = opensStore.test(text);
  for (const match of text.matchAll(importFrom)) {
    if (found) break;
    const target = resolve(dirname(file), match[1] ?? match[2]);
    if (existsSync(target) && statSync(target).isFile()) found = usesStore(target, seen);
  }
  if (seen.size === 1 || found) verdicts.set(file, found);
  return found;
}

/** Every server test file the server project runs (the fault tests run apart). */
export function allTests() {
  return [...testFiles(join(root, 'src')), ...testFiles(join(root, 'test'))]
    .map((file) => relative(root, file))
    .filter((file) => !file.startsWith('test/faults/'))
    .sort();
}

export function databaseTests() {
  return allTests().filter((file) => usesStore(join(root, file)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(databaseTests().join('\n'));
