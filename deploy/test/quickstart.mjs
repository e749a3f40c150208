#!/usr/bin/env node
// The container quick start, as an operator runs it (docs/deploy.md): `run -v cordata:/data IMAGE` serves sign-up on
// PGlite within 60 s and prints the dev mailbox key; an account made through the mailbox signs in again after a
// restart; the server runs as a user other than root; the image's HEALTHCHECK passes. Prints the timings.
// Needs the image (deploy/build-image.sh) and podman; CI's container phase runs both (.ci/run).
//   IMAGE=localhost/cordata:latest node deploy/test/quickstart.mjs
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const image = process.env.IMAGE ?? 'localhost/cordata:latest';
const readyWithinMs = 60_000;
process.env.CONTAINERS_CONF ??= join(import.meta.dirname, '../podman/containers.conf');
// runc with the cgroupfs manager and the host's network: what works on CI's machines (docs/deploy.md). With the
// host's network the server listens on a free port of the machine instead of being published as 8080.
const [podmanCommand, ...podmanFlags] = (process.env.PODMAN ?? 'podman --runtime runc --cgroup-manager cgroupfs').split(
  ' ',
);
// Its stderr is kept out of the report: without systemd, podman logs that it cannot schedule health checks.
const podman = (...args) =>
  execFileSync(podmanCommand, [...podmanFlags, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

const name = `cordata-quickstart-${process.pid}`;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const api = (call) => `${base}/api/space/cordata/database/${call}`;
const timings = [];
const timed = async (label, step) => {
  const started = performance.now();
  const result = await step();
  timings.push(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

try {
  podman('volume', 'create', name);
  const key = await timed('start to sign-up ready (first start, empty volume)', async () => {
    podman(
      'run',
      '--detach',
      '--name',
      name,
      '--network',
      'host',
      '--env',
      `PORT=${port}`,
      '--volume',
      `${name}:/data`,
      image,
    );
    return signUpReady(1);
  });

  const email = `quickstart.${process.pid}@example.test`;
  const password = 'Trail#Run9x';
  await timed('sign-up through the mailbox key', async () => {
    await post('auth/email/sign-up', { email, password, acceptTerms: true, acceptPrivacy: true });
    const { mails } = await getJson(`${base}/dev/mailbox?key=${key}&to=${encodeURIComponent(email)}`);
    const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
    if (!code) throw new Error(`no confirmation code mailed to ${email}`);
    const { jwt } = await post('auth/email/confirm-email', { email, code });
    if (!jwt) throw new Error('confirm-email gave no session');
  });

  const restartedKey = await timed('restart to sign-up ready (data kept)', async () => {
    podman('restart', '--time', '20', name);
    return signUpReady(2);
  });
  if (restartedKey !== key)
    throw new Error('the mailbox key changed across the restart: DATA_DIR is not on the volume');
  const { jwt } = await post('auth/email/sign-in', { email, password });
  if (!jwt) throw new Error('sign-in after the restart gave no session');

  const uid = /^Uid:\s+(\d+)/m.exec(podman('exec', name, 'cat', '/proc/1/status'))?.[1];
  if (uid === undefined || uid === '0') throw new Error(`the server runs as uid ${uid}, root`);
  const health = spawnSync(podmanCommand, [...podmanFlags, 'healthcheck', 'run', name], { encoding: 'utf8' });
  if (health.status !== 0) throw new Error(`the image's HEALTHCHECK failed: ${health.stdout}${health.stderr}`);

  const size = Number(podman('image', 'inspect', '--format', '{{.Size}}', image));
  console.log(`quick start passed: signed up, restarted, signed in again; server uid ${uid}; healthcheck healthy`);
  console.log(`image ${image}: ${Math.round(size / 1e6)} MB`);
  for (const line of timings) console.log(`  ${line}`);
} catch (error) {
  console.error(`quick start failed: ${error.message}\n--- container log ---`);
  console.error(spawnSync(podmanCommand, [...podmanFlags, 'logs', name], { encoding: 'utf8' }).stdout?.slice(-4000));
  process.exitCode = 1;
} finally {
  spawnSync(podmanCommand, [...podmanFlags, 'rm', '--force', '--time', '5', name]);
  spawnSync(podmanCommand, [...podmanFlags, 'volume', 'rm', '--force', name]);
}

/**
 * Waits for the start's mailbox line (the `start`-th plain line holding only the link, as `npm start` prints it) and for
 * /healthz (the database answers); gives the key it printed.
 */
async function signUpReady(start) {
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    const log = spawnSync(podmanCommand, [...podmanFlags, 'logs', name], { encoding: 'utf8' });
    const keys = [...`${log.stdout}${log.stderr}`.matchAll(/^https?:\/\/\S+\/dev\/mailbox\?key=([A-Za-z0-9_-]+)$/gm)];
    const key = keys[start - 1]?.[1];
    if (
      key &&
      (await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      return key;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `sign-up was not ready within ${readyWithinMs / 1000} s (no mailbox key printed, or /healthz not 200)`,
  );
}

async function post(call, body) {
  const response = await fetch(api(call), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${call} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
