#!/usr/bin/env node
// CI fails when something generated is stale against what is committed: the OpenAPI document
// and the migrations (a schema change without its generated migration).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
let stale = false;

const openapi = execFileSync(
  'npx',
  [
    'tsx',
    '-e',
    "import('./apps/server/scripts/openapi.ts').then(async (m) => process.stdout.write(await m.generateOpenApi()))",
  ],
  {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    // The document is past the 1 MiB default of spawnSync (ENOBUFS): every call with its declared errors.
    maxBuffer: 64 * 1024 * 1024,
  },
);
if (openapi !== readFileSync(join(root, 'docs/openapi.json'), 'utf8')) {
  console.error('docs/openapi.json is stale: run `npm run openapi` and commit it.');
  stale = true;
}

const server = join(root, 'apps/server');
const scratch = mkdtempSync(join(tmpdir(), 'cordata-drift-'));
try {
  cpSync(join(server, 'drizzle'), join(scratch, 'drizzle'), { recursive: true });
  const config = join(server, '.drift.drizzle.config.ts');
  writeFileSync(
    config,
    `export default { dialect: 'postgresql', schema: './src/db/schema.ts', out: ${JSON.stringify(join(scratch, 'drizzle'))} };\n`,
  );
  try {
    execFileSync('npx', ['drizzle-kit', 'generate', '--config', config, '--name', 'drift'], {
      cwd: server,
      stdio: 'pipe',
    });
  } finally {
    rmSync(config);
  }
  const added = readdirSync(join(scratch, 'drizzle')).filter((f) => f.endsWith('.sql') && f.includes('drift'));
  if (added.length) {
    console.error('The schema has changes without a migration: run `npm run db:generate` and commit it.');
    stale = true;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (stale) process.exit(1);
console.log('drift: OpenAPI and migrations are current');
