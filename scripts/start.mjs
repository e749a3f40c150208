#!/usr/bin/env node
// npm start: builds only the parts that are missing or older than their sources, then starts the
// server. A checkout that is already built starts in a second or two.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const skipped = new Set(['node_modules', 'dist', 'android', 'ios', '.vite']);

/** The newest modification time of the files under these paths (0 when none exists). */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) if (!skipped.has(entry)) visit(join(path, entry));
  };
  for (const path of paths) visit(join(root, path));
  return latest;
}

const shared = ['packages/contract/src', 'packages/geo/src', 'package-lock.json'];
const parts = [
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [...shared, 'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'],
  },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/main.mjs',
    sources: [...shared, 'apps/server/src', 'apps/server/drizzle', 'apps/server/scripts/build.ts'],
  },
];

for (const { workspace, output, sources } of parts) {
  const built = existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0;
  if (built > newest(sources)) continue;
  console.log(`building ${workspace} (${built ? 'older than its sources' : 'not built yet'})`);
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
}

// The server runs as a child that gets the signals this process gets, so SIGTERM still shuts it
// down gracefully under a process manager.
const server = spawn(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=50', 'dist/main.mjs'],
  {
    cwd: join(root, 'apps/server'),
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
