import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { ApiError } from '../../http/errors.ts';
import type { Mailer } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares in constant time, so the key cannot be guessed a character at a time. */
export const keyMatches = (given: unknown, key: string) =>
  typeof given === 'string' && timingSafeEqual(digest(given), digest(key));

/** Where the mailbox is, as the start-up lines and each outbox log line print it. */
export const mailboxUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, key: string, port = config.PORT) =>
  `${config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${port}`}/dev/mailbox?key=${key}`;

/**
 * GET /dev/mailbox?key=…: the outbox, so a newcomer can sign up with nothing configured. The key is
 * generated on first start, kept in DATA_DIR and printed in the start-up log; without it the
 * mailbox is a 404 like any unknown path, whoever asks. Registered only while SMTP_URL is unset,
 * and never in production. JSON with `?to=` (what the end-to-end tests read) or an Accept of JSON;
 * an HTML page otherwise.
 */
export function registerDevMailbox(app: FastifyInstance, mailer: Pick<Mailer, 'list'>, key: string) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as { to?: unknown; key?: unknown };
    if (!keyMatches(query.key, key)) throw new ApiError('NOT_FOUND');
    const to = typeof query.to === 'string' && query.to.trim() ? query.to.trim().toLowerCase() : undefined;
    const mails = await mailer.list(to);
    const wantsJson = to !== undefined || String(request.headers.accept ?? '').includes('application/json');
    if (wantsJson) {
      return {
        mails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      };
    }
    const items = mails
      .map(
        (
          m,
        ) => `<li><p><b>${escapeHtml(m.subject)}</b> to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}</p>
<pre>${escapeHtml(m.text)}</pre></li>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Dev mailbox</title></head><body style="font-family:system-ui,sans-serif"><h1>Dev mailbox</h1><p>Mail kept in the outbox (newest first). It exists only while SMTP_URL is unset, and never in production.</p><ul>${items || '<li>No mail yet.</li>'}</ul></body></html>`,
      );
  });
}
