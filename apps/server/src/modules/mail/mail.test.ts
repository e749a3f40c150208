import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { latestMailCode } from '../../../test/factories.ts';
import { buildApp, loggerOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { mailOutbox } from '../../db/schema.ts';
import { createMailer, type MailMessage } from './mailer.ts';
import { codeMail } from './templates.ts';

const silentLog = { info() {}, warn() {} } as never;

/** A real SMTP server on loopback that keeps every message it receives, raw. */
async function smtpStandIn() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('real SMTP', () => {
  let received: string[] = [];
  let server: Awaited<ReturnType<typeof smtpStandIn>>;
  let t: TestApp;

  beforeAll(async () => {
    server = await smtpStandIn();
    received = server.received;
    t = await createTestApp({ SMTP_URL: server.url, MAIL_FROM: 'Cordata <codes@cordata.test>' });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('delivers the code of a sign-up, in the user language, and the code confirms the address', async () => {
    const email = 'smtp.user@example.test';
    await t.ok('auth/email/sign-up', {
      email,
      password: 'Trail#Run9x',
      acceptTerms: true,
      acceptPrivacy: true,
      language: 'it',
    });
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    const raw = received[0]!;
    expect(raw).toMatch(/^From: Cordata <codes@cordata\.test>/m);
    expect(raw).toMatch(/^To: smtp\.user@example\.test/m);
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('text/html');
    const code = raw.match(/^(\d{6})\r?$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const session = await t.ok('auth/email/confirm-email', { email, code: code! });
    expect(session.jwt).toEqual(expect.any(String));
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
  });
});

describe('the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const message = (to: string): MailMessage => ({ to, ...codeMail('CONFIRM_EMAIL', '123456', 'en') });
  const makeDue = () =>
    t.db.execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 second' where status = 'PENDING'`);

  it('retries a failed mail with backoff until it goes, and gives up after 8 tries', async () => {
    let failures = 2;
    const sent: string[] = [];
    const mailer = createMailer({
      db: t.db,
      log: silentLog,
      from: 'x@cordata.test',
      isProduction: false,
      transport: {
        async sendMail(mail) {
          if (failures-- > 0) throw new Error('421 try later');
          sent.push(mail.to);
        },
      },
    });
    const queued = await mailer.enqueue(message('retry@example.test'));
    mailer.dispatch(queued);
    // The attempt is over once its failure is written: the claim counts the attempt a statement earlier, so polling
    // the count could read the row in between (seen on PostgreSQL).
    await expect
      .poll(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id)))[0]!.lastError)
      .toBe('421 try later');
    const [afterFirst] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
    expect(afterFirst).toMatchObject({ status: 'PENDING', attempts: 1, lastError: '421 try later' });
    // Not due yet: the backoff holds it back.
    expect(await mailer.retryPending()).toBe(0);
    await makeDue();
    expect(await mailer.retryPending()).toBe(0);
    await makeDue();
    expect(await mailer.retryPending()).toBe(1);
    expect(sent).toEqual(['retry@example.test']);
    const [done] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
    expect(done).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });

    const broken = createMailer({
      db: t.db,
      log: silentLog,
      from: 'x@cordata.test',
      isProduction: false,
      transport: {
        sendMail: () => Promise.reject(new Error('550 no such user')),
      },
    });
    const { id } = await broken.enqueue(message('never@example.test'));
    for (let i = 0; i < 8; i++) {
      await makeDue();
      await broken.retryPending();
    }
    const [failed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 8 });
  });

  it('never sends one mail twice when several instances retry at once', async () => {
    let calls = 0;
    const slow = {
      async sendMail() {
        calls += 1;
        await new Promise((r) => setTimeout(r, 20));
      },
    };
    const instances = [1, 2, 3].map(() =>
      createMailer({ db: t.db, log: silentLog, from: 'x@cordata.test', isProduction: false, transport: slow }),
    );
    for (let i = 0; i < 6; i++) await instances[0]!.enqueue(message(`many${i}@example.test`));
    await makeDue();
    const sent = await Promise.all(instances.map((m) => m.retryPending()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(6);
    expect(calls).toBe(6);
  });

  it('without SMTP, keeps the mail as LOGGED and shows it at /dev/mailbox with the key', async () => {
    const email = 'Dev.Box@example.test';
    await t.ok('auth/email/sign-up', { email, password: 'Trail#Run9x', acceptTerms: true, acceptPrivacy: true });
    const code = await latestMailCode(t, email);
    const key = t.config.mailboxKey;
    expect(key).toMatch(/^[\w-]{32}$/);
    const json = await t.app.inject({ method: 'GET', url: `/dev/mailbox?key=${key}&to=${encodeURIComponent(email)}` });
    expect(json.statusCode).toBe(200);
    const { mails } = json.json();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'dev.box@example.test',
      status: 'LOGGED',
      subject: 'Confirm your e-mail address',
    });
    expect(mails[0].text).toContain(code);
    const html = await t.app.inject({ method: 'GET', url: `/dev/mailbox?key=${key}` });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('dev.box@example.test');
  });

  it('answers 404 without the key, whatever the address or headers (review H4)', async () => {
    const key = t.config.mailboxKey!;
    const attempts = [
      { url: '/dev/mailbox?to=dev.box%40example.test', headers: {} },
      { url: '/dev/mailbox', headers: { accept: 'application/json' } },
      { url: `/dev/mailbox?key=${key.slice(0, -1)}`, headers: {} },
      { url: '/dev/mailbox?key=', headers: {} },
      { url: '/dev/mailbox', headers: { 'x-forwarded-for': '127.0.0.1', host: 'localhost', 'x-real-ip': '127.0.0.1' } },
    ];
    for (const { url, headers } of attempts) {
      const res = await t.app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('example.test');
    }
  });
});

describe('the dev mailbox key', () => {
  it('is made on first start, kept in DATA_DIR, and absent with SMTP_URL or in production', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cordata-key-'));
    try {
      const first = loadConfig({ DATA_DIR: dataDir }).mailboxKey;
      expect(first).toBeTruthy();
      expect(readFileSync(join(dataDir, 'mailbox-key'), 'utf8').trim()).toBe(first);
      expect(loadConfig({ DATA_DIR: dataDir }).mailboxKey).toBe(first);
      expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' }).mailboxKey).toBeNull();
      expect(
        loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: 'https://cordata.example.org' }).mailboxKey,
      ).toBeNull();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is not registered at all when SMTP_URL is set', async () => {
    const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const res = await withSmtp.app.inject({ method: 'GET', url: '/dev/mailbox?to=x%40example.test' });
      expect(res.body).not.toContain('"mails"');
    } finally {
      await withSmtp.close();
    }
  });
});

describe('logs', () => {
  /** In production the outbox keeps no body: the code is read where it really goes, a mail server. */
  let mails: string[] = [];
  let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
  let smtpUrl = '';
  beforeAll(async () => {
    smtp = await smtpStandIn();
    mails = smtp.received;
    smtpUrl = smtp.url;
  });
  afterAll(() => smtp.close());

  async function appWithLog(nodeEnv: 'development' | 'production') {
    const lines: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'cordata-log-'));
    const config = loadConfig({
      NODE_ENV: nodeEnv,
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'info',
      JOBS: 'false',
      RATE_LIMITS: 'false',
      WEB_DIST_DIR: join(dataDir, 'none'),
      ROUTER_KIND: 'none',
      ELEVATION_KIND: 'none',
      ...(nodeEnv === 'production' ? { SMTP_URL: smtpUrl, PUBLIC_URL: 'https://cordata.example.org' } : {}),
    });
    const database = await createTestDatabase();
    const options = loggerOptions(config) as object;
    const built = await buildApp({
      config,
      database,
      logger: { ...options, stream: { write: (l: string) => lines.push(l) } },
    });
    await built.modules.onStart();
    await built.app.ready();
    const post = (name: string, body: object) =>
      built.app.inject({
        method: 'POST',
        url: `/api/space/cordata/database/${name}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const close = async () => {
      await built.app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    const get = (url: string) => built.app.inject({ method: 'GET', url });
    return { lines, post, get, db: database.db, close };
  }

  async function journey(app: Awaited<ReturnType<typeof appWithLog>>) {
    const email = 'logged@example.test';
    const password = 'Secret#Trail77';
    await app.post('auth/email/sign-up', { email, password, acceptTerms: true, acceptPrivacy: true });
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    for (let i = 0; i < 100 && !mail!.text && !mails.some((m) => m.includes(email)); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const text = mail!.text || mails.findLast((m) => m.includes(email)) || '';
    const code = text.match(/^(\d{6})\r?$/m)![1]!;
    await app.post('auth/email/confirm-email', { email, code: '000000' === code ? '111111' : '000000' });
    await app.post('auth/email/confirm-email', { email, code });
    await app.post('auth/email/sign-in', { email, password: 'Wrong#Trail77' });
    await app.post('auth/email/sign-in', { email, password });
    return { code, password };
  }

  it('outside production never print the code, the address or a password (review H4, M9)', async () => {
    const app = await appWithLog('development');
    try {
      const { code, password } = await journey(app);
      expect(app.lines.filter((l) => l.includes(code))).toEqual([]);
      expect(app.lines.filter((l) => l.includes('logged@example.test'))).toEqual([]);
      // The outbox line repeats where to read it, so nobody scrolls back to the start-up lines.
      expect(
        app.lines.some((l) => /mail kept in the outbox: read it at http:\/\/localhost:\d+\/dev\/mailbox\?key=/.test(l)),
      ).toBe(true);
      expect(app.lines.some((l) => l.includes('"statusCode":200'))).toBe(true); // request lines exist
      expect(app.lines.join('\n')).not.toContain(password);
      expect(app.lines.join('\n')).not.toContain('argon2');
    } finally {
      await app.close();
    }
  });

  it('in production never print the code', async () => {
    const app = await appWithLog('production');
    try {
      const { code, password } = await journey(app);
      const all = app.lines.join('\n');
      expect(all).not.toContain(code);
      expect(all).not.toContain(password);
    } finally {
      await app.close();
    }
  });

  it('logs a database error without its query, parameters or addresses (review M9)', async () => {
    const app = await appWithLog('production');
    try {
      // Every new account now fails in the database, as a broken disk or a bad migration would.
      await app.db.execute(sql`
        create function refuse_users() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`);
      await app.db.execute(
        sql`create trigger refuse_users before insert on users for each row execute function refuse_users()`,
      );
      const res = await app.post('auth/email/sign-up', {
        email: 'private.person@example.test',
        password: 'Secret#Trail77',
        acceptTerms: true,
        acceptPrivacy: true,
      });
      expect(res.statusCode).toBe(500);
      const all = app.lines.join('\n');
      expect(all).toContain('unexpected error');
      expect(all).toContain('refused for the test');
      expect(all).not.toContain('private.person');
      expect(all).not.toContain('$argon2');
      expect(all).not.toMatch(/insert into|params/i);
    } finally {
      await app.close();
    }
  });

  it('has no dev mailbox in production', async () => {
    const app = await appWithLog('production');
    try {
      await journey(app);
      const res = await app.get('/dev/mailbox?to=logged@example.test');
      // Whatever answers there (the app's entry page), it is not the outbox.
      expect(res.headers['content-type']).not.toContain('json');
      expect(res.body).not.toContain('logged@example.test');
    } finally {
      await app.close();
    }
  });
});
