import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * GET /dev/mailbox: the outbox, so a newcomer can sign up with nothing configured. JSON with
 * `?to=` (what the end-to-end tests read) or an Accept of JSON; an HTML page otherwise.
 * Never registered in production.
 */
export function registerDevMailbox(app: FastifyInstance, mailer: Pick<Mailer, 'list'>) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as { to?: unknown };
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
        `<!doctype html><html><head><meta charset="utf-8"><title>Dev mailbox</title></head><body style="font-family:system-ui,sans-serif"><h1>Dev mailbox</h1><p>Mail kept in the outbox (newest first). Not available in production.</p><ul>${items || '<li>No mail yet.</li>'}</ul></body></html>`,
      );
  });
}
