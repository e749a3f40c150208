import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for failure messages (and the dev mailbox codes). */
  output: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${output()}`);
}

/**
 * The bundle `npm run build` makes, as production runs it: it starts in about half the time tsx takes to
 * compile the sources, and the journeys start some forty servers.
 */
const serverBundle = join(repoRoot, 'apps/server/dist/main.mjs');

/** Starts the real server (apps/server/dist, serving apps/web/dist) on a free port with a fresh data directory. */
export async function startServer(options: { webMode?: 'app' | 'store'; env?: Record<string, string> } = {}) {
  if (!existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: run npm run build before the journeys`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cordata-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_MODE: options.webMode ?? 'app',
      NODE_ENV: 'test',
      // Journeys sign many people up from one address; the limits have tests of their own.
      RATE_LIMITS: 'false',
      // No journey may reach an outside host: the plain offline map, unless a test asks for another style; no routing
      // or elevation service unless a journey names its stand-in (NODE_ENV=test leaves them off too).
      MAP_STYLE_URL: 'offline',
      ROUTER_KIND: 'none',
      ELEVATION_KIND: 'none',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const output = () => log;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, output, 90_000);
  } catch (e) {
    await stop();
    throw e;
  }
  mailboxKeys.set(url, readFileSync(join(dataDir, 'mailbox-key'), 'utf8').trim());
  return { url, port, dataDir, output, stop } satisfies RunningServer;
}

/** Each started server's dev-mailbox key, which the server keeps in its DATA_DIR. */
const mailboxKeys = new Map<string, string>();

/** The mails to an address in a started server's dev mailbox, newest first. */
export async function mailsTo(baseUrl: string, email: string): Promise<{ subject: string; text: string }[]> {
  const key = mailboxKeys.get(baseUrl);
  if (!key) throw new Error(`no mailbox key for ${baseUrl}: was it started by startServer?`);
  const res = await fetch(`${baseUrl}/dev/mailbox?key=${key}&to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`the dev mailbox answered ${res.status}`);
  return ((await res.json()) as { mails: { subject: string; text: string }[] }).mails;
}

/** The code of the newest mail to an address (the dev mailbox lists newest first), once it has come. */
export async function mailedCode(baseUrl: string, email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const code = /^(\d{6})$/m.exec((await mailsTo(baseUrl, email))[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}
