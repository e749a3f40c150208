#!/usr/bin/env node
// Prints the gzipped size of the JavaScript the entry HTML of apps/web/dist loads before
// anything lazy: its module scripts, their modulepreload links, and their static imports.
// Build first: npm run build -w apps/web
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const budgetKb = 170;

if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist/index.html is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => new RegExp(`${name}=["']([^"']+)["']`).exec(tag)?.[1];
const queue = [];
for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
  if (attr(tag, 'type') === 'module' && attr(tag, 'src')) queue.push(attr(tag, 'src'));
}
for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
  if (attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) queue.push(attr(tag, 'href'));
}

// Static imports only: `import x from "./a.js"` and `export … from`, not `import("./lazy.js")`.
const staticImports = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+\.js)["']/g;

const seen = new Map();
while (queue.length > 0) {
  const url = queue.shift();
  const file = join(dist, url.replace(/^\//, ''));
  if (seen.has(file) || !existsSync(file)) continue;
  const code = readFileSync(file);
  seen.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  for (const m of code.toString('utf8').matchAll(staticImports)) {
    queue.push(join(dirname(url), m[1]).replaceAll('\\', '/'));
  }
}

let raw = 0;
let gzip = 0;
for (const [file, size] of seen) {
  raw += size.raw;
  gzip += size.gzip;
  console.log(`${(size.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${file.slice(dist.length + 1)}`);
}
const kb = gzip / 1024;
console.log(
  `entry JS: ${seen.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${kb.toFixed(1)} KB gzipped (budget ${budgetKb} KB)`,
);

// The map stays lazy: MapLibre (and the Protomaps style) are chunks of their own that the entry never loads.
const mapChunks = readdirSync(join(dist, 'assets')).filter((f) =>
  /^(maplibre-gl|MapCanvas|protomaps)-[\w-]+\.js$/.test(f),
);
const eager = mapChunks.filter((f) => seen.has(join(dist, 'assets', f)));
const mapKb =
  mapChunks.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length, 0) / 1024;
console.log(
  `map chunks (${mapChunks.join(', ') || 'none found'}): ${mapKb.toFixed(1)} KB gzipped, ${
    eager.length ? `LOADED BY THE ENTRY: ${eager.join(', ')}` : 'lazy (not in the entry)'
  }`,
);
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
process.exitCode = kb < budgetKb && mapChunks.length > 0 && eager.length === 0 ? 0 : 1;
