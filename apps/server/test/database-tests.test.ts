import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, no declarations
import { allTests, databaseTests } from '../scripts/database-tests.mjs';

const root = join(import.meta.dirname, '..');

// CI runs only databaseTests() on PostgreSQL and Redis (.ci/run): no file that uses either may be left out.
describe('the server test files CI runs again on PostgreSQL and Redis', () => {
  const chosen = new Set<string>(databaseTests());

  it('include every file that opens a test app, a test database or Redis', () => {
    const usesStore = (allTests() as string[]).filter((file) =>
      /from '[./]*test\/(app|database|instances|factories|chat-factories)\.ts'|from '\.\/(app|database|instances)\.ts'|openDatabase\(|new Redis\(|TEST_DATABASE_URL|TEST_REDIS_URL|createTestApp|createTestDatabase/.test(
        readFileSync(join(root, file), 'utf8'),
      ),
    );
    expect(usesStore.length).toBeGreaterThan(40);
    expect(usesStore.filter((file) => !chosen.has(file))).toEqual([]);
  });

  it('leave out the pure ones', () => {
    expect(chosen.has('src/modules/auth/totp.test.ts')).toBe(false);
    expect(chosen.has('src/config.test.ts')).toBe(false);
    expect(chosen.has('test/migrations.test.ts')).toBe(true);
  });
});
