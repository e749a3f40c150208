import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const server = process.env.CORDATA_SERVER ?? 'http://localhost:8080';

/**
 * Writes .br and .gz beside every script, style sheet and SVG of the build, so the server can
 * send them precompressed (@fastify/static `preCompressed`) at no CPU cost per request.
 * index.html is left alone: the server rewrites it with the runtime configuration.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'cordata-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|svg)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Puts the entry's small style sheet (about 8 KB) into index.html: a linked one blocks the first paint for
 * a round trip of its own (Lighthouse, issue 19). The CSP allows inline styles; lazy chunks keep their files.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'cordata-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle?.[file];
          if (asset?.type !== 'asset' || typeof asset.source !== 'string') return tag;
          return `<style>${asset.source.replaceAll('</style', '<\\/style')}</style>`;
        });
      },
    },
  };
}

/**
 * Lists the build's hashed files in sw-assets.json: the service worker (public/sw.js) keeps them all on install, so
 * the app opens with no network, lazy screens and the map included (docs/offline.md "On the device").
 */
function serviceWorkerAssets(): Plugin {
  return {
    name: 'cordata-sw-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/') && /\.(js|mjs|css|svg|woff2?|png|webp)$/.test(f))
        .sort()
        .map((f) => `/${f}`);
      this.emitFile({ type: 'asset', fileName: 'sw-assets.json', source: JSON.stringify(files) });
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), inlineEntryCss(), serviceWorkerAssets()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // The one chunk over vite's 500 kB line is maplibre-gl's (about 1.1 MB, 290 KB gzipped), loaded lazily when a map
    // first shows, never with the first screen. Warn about anything bigger than it.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one file: the browser asks for it at once anyway, and over
          // HTTP/1.1 (6 connections) its 25 small files queued several round trips deep (bench/slow-network.ts).
          // Likewise the home and what it imports (not already in start): the screen most openings land on, one
          // file instead of about twenty that queued behind each other on a slow network.
          groups: [
            { name: 'start', tags: ['$initial'], priority: 2 },
            { name: 'home', test: /src[\\/]screens[\\/]Home[\\/]Home\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/release', '/uploads', '/dev'].map((p) => [p, { target: server, ws: p === '/api' }]),
    ),
  },
});
