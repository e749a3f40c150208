import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The apps/server folder, found from this file whether it runs from src/ (tsx) or dist/ (bundle). */
function findServerRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@cordata/server') return dir;
  }
  throw new Error(`apps/server not found above ${from}`);
}

export const serverRoot = findServerRoot(import.meta.dirname);
export const migrationsFolder = join(serverRoot, 'drizzle');
export const webDistDefault = join(serverRoot, '../web/dist');
/** A migrated empty PGlite database made by the build: a first start loads it instead of running initdb. */
export const pgliteTemplate = join(serverRoot, 'dist/pgdata-template.tgz');
