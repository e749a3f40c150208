import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/server/test/app.ts';
import { collect, listen, newActivityChat, openSocket, until } from '../../apps/server/test/chat-factories.ts';
import { newUser } from '../../apps/server/test/factories.ts';

/** CI installs Caddy (.ci/run); a developer's machine without it skips this rather than failing `npm test`. */
const hasCaddy = (() => {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.skipIf(!hasCaddy && !process.env.CI)("compose.yaml's proxy, deploy/caddy/Caddyfile, run by Caddy", () => {
  let t: TestApp;
  let caddy: ChildProcess;
  let proxy: string;
  const dir = mkdtempSync(join(tmpdir(), 'cordata-caddy-'));

  beforeAll(async () => {
    t = await createTestApp();
    const app = new URL(await listen(t));
    const port = await freePort();
    proxy = `http://127.0.0.1:${port}`;
    // The shipped file as it is, imported under one global option: no admin endpoint (2019 is shared here).
    writeFileSync(join(dir, 'Caddyfile'), `{\n\tadmin off\n}\nimport ${join(import.meta.dirname, 'Caddyfile')}\n`);
    caddy = spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: {
        ...process.env,
        HOME: dir,
        XDG_DATA_HOME: dir,
        XDG_CONFIG_HOME: dir,
        CORDATA_HOST: proxy,
        CORDATA_UPSTREAMS: app.host,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    caddy.stderr!.on('data', (chunk) => (said += chunk));
    const deadline = Date.now() + 15_000;
    while ((await fetch(`${proxy}/healthz`).catch(() => null))?.status !== 200) {
      if (Date.now() > deadline) throw new Error(`Caddy did not pass /healthz to the app within 15 s:\n${said}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads the scale profile's Caddyfile.scale, the store's site added", () => {
    const json = execFileSync('caddy', ['adapt', '--config', join(import.meta.dirname, 'Caddyfile.scale')], {
      env: { ...process.env, CORDATA_HOST: 'cordata.example', CORDATA_UPSTREAMS: 'web1:8080 web2:8080' },
      encoding: 'utf8',
    });
    const hosts = JSON.parse(json).apps.http.servers.srv0.routes.flatMap(
      (r: { match: { host: string[] }[] }) => r.match[0]!.host,
    );
    expect(hosts.sort()).toEqual(['cordata.example', 'files.cordata.example']);
  });

  it('passes calls, and the socket path with its WebSocket upgrade, to the app', async () => {
    const ada = await newUser(t);
    const bea = await newUser(t);
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const socket = await openSocket(proxy, bea.token);
    const messages = collect(socket, 'message');
    const response = await fetch(`${proxy}${t.config.apiPrefix}/chat/send-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` },
      body: JSON.stringify({ chatId, text: 'Through the proxy', clientMessageId: 'p1' }),
    });
    expect(response.status).toBe(200);
    await until(() => messages.length === 1, 10_000, 'the message on the socket through Caddy');
    expect(messages[0]!.text).toBe('Through the proxy');
    expect(socket.io.engine.transport.name).toBe('websocket');
    socket.close();
  });
});
