#!/usr/bin/env node
// Cold start on PGlite: time from spawning the server to /healthz answering 200, on a fresh data
// directory (first start: database created and migrated) and again on the same one (restart).
// Run after the build (`npm run build`), as `npm start` does.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startOnce(dataDir) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Benchmarks reach no public routing or elevation service.
      ROUTER_KIND: 'none',
      ELEVATION_KIND: 'none',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: 'b'.repeat(32),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (performance.now() - began > 60_000) throw new Error('no /healthz within 60 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) return performance.now() - began;
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'cordata-cold-'));
try {
  const first = await startOnce(dataDir);
  const restarts = [];
  for (let i = 0; i < 3; i++) restarts.push(await startOnce(dataDir));
  const best = Math.min(...restarts);
  console.log(`cold start, fresh data dir (create + migrate): ${(first / 1000).toFixed(2)} s`);
  console.log(`cold start, existing data dir (best of 3):     ${(best / 1000).toFixed(2)} s`);
  console.log(`target: under 5 s -> ${first < 5000 && best < 5000 ? 'met' : 'NOT met'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
