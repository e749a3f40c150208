#!/usr/bin/env node
// npm run typecheck: the six TypeScript projects, two at a time (tsc is single-threaded and the projects do not
// depend on one another's output), each one's errors printed together when it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const projects = ['apps/server', 'apps/web', 'e2e', 'bench', 'packages/contract', 'packages/geo'];
const tsc = join(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      process.stdout.write(code === 0 ? `tsc -p ${project}: ok\n` : `tsc -p ${project}: failed\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), 2) }, async () => {
    while (queue.length > 0) results.push(await check(queue.shift()));
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
