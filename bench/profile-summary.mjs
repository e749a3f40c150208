#!/usr/bin/env node
// Sums a CPU profile written by BENCH_PROFILE=<dir> (bench/load.ts) by package and by function:
// `node bench/profile-summary.mjs <dir>/CPU.….cpuprofile`. Idle time is listed, so shares of the busy time
// are the shares shown divided by (100 % - idle).
import { readFileSync } from 'node:fs';

const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas;
let total = 0;
for (let i = 0; i < p.samples.length; i++) {
  const n = byId.get(p.samples[i]);
  const d = dt[i] ?? 0;
  total += d;
  self.set(n.id, (self.get(n.id) ?? 0) + d);
}
const fn = new Map(),
  pkg = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const url = cf.url || '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  const where = m
    ? m[1]
    : url.includes('/apps/server/')
      ? `server:${url.replace(/.*apps\/server\/src\//, '')}`
      : url.startsWith('node:')
        ? url
        : cf.functionName
          ? `(${cf.functionName})`
          : url;
  const key = `${cf.functionName || '(anon)'} ${where}:${cf.lineNumber}`;
  fn.set(key, (fn.get(key) ?? 0) + t);
  const pk = m
    ? m[1]
    : url.includes('/apps/server/')
      ? 'server'
      : url.startsWith('node:')
        ? `node:${url.slice(5).split('/')[0]}`
        : cf.functionName || url || '?';
  pkg.set(pk, (pkg.get(pk) ?? 0) + t);
}
const show = (map, k) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([n, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${n}`)
    .join('\n');
console.log('total', (total / 1e6).toFixed(1), `s\n-- by package\n${show(pkg, 25)}\n-- by function\n${show(fn, 30)}`);
