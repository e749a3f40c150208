/**
 * npm run build -w apps/server: bundles the server into dist/main.mjs (and its route worker) (the workspace packages
 * inlined, node_modules left outside) and makes the migrated PGlite template a first start loads.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { pgliteTemplate, serverRoot } from '../src/paths.ts';

const manifest = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8'));
const outdir = join(serverRoot, 'dist');
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

await build({
  // The route worker runs in a thread of its own, loaded from beside main.mjs (route-computer.ts).
  entryPoints: {
    main: join(serverRoot, 'src/main.ts'),
    'route-worker': join(serverRoot, 'src/modules/activities/route-worker.ts'),
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(manifest.dependencies ?? {}),
  // Bundled CommonJS dependencies may call require(): give the bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

const database = await openDatabase({});
await migrate(database);
const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
writeFileSync(pgliteTemplate, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
await database.close();
console.log(`server built: ${join(outdir, 'main.mjs')} and ${pgliteTemplate}`);
