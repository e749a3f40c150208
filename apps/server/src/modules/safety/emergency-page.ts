import type { Language } from '@cordata/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { acceptedLanguage } from '../../i18n/accept-language.ts';
import { safetyText } from '../../i18n/safety.ts';
import type { OutgoingPoint, OutgoingPoints } from './outgoing-points.ts';
import type { SafetyRepository } from './safety.repository.ts';
import { CONTACT_CONFIRMATION_VALID_MS } from './safety.service.ts';
import { hashLinkToken } from './safety-escalation.ts';
import { escapeHtml as e, localTime } from './safety-texts.ts';

/** Page views a network address may make in 10 minutes, whatever the token: guessing is slowed further. */
export const LINK_VIEWS_PER_10_MINUTES = 30;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What the page shows; everything about the person and the route has passed through the privacy zones' door. */
export interface EmergencyView {
  language: Language;
  timeZone: string;
  person: string;
  activity: string;
  plannedReturn: Date;
  backAt: Date | null;
  lastFix: (OutgoingPoint & { at: Date }) | null;
  /** The planned route's visible pieces (cut around the organiser's privacy zones). */
  route: OutgoingPoint[][];
  start: string | null;
  /** The organisers' first names: never their e-mail, phone or last name (review M-N2). */
  organisers: string[];
  /** The only way to reach the organisers shown: the contact they chose to give for this activity. */
  activityContact: string | null;
  expiresAt: Date;
}

/**
 * The no-login page an emergency contact opens from the e-mail (GET {product}/safety/{token}), server-rendered in the
 * missing person's language: who is missing, the activity, the last known position and its time, the planned route,
 * the organisers' first names and the contact they chose to give for the activity. Nothing else about anyone: the
 * address is reached by whoever the person named, so it must not hand out others' e-mails or phones (review M-N2).
 * Unknown and expired tokens get the same bare "expired or does not exist" page; views are rate-limited per address.
 * No script runs, nothing is cached, the address is never sent on as a referrer.
 */
export function createEmergencyPage(deps: {
  repo: SafetyRepository;
  outgoing: OutgoingPoints;
  rateLimiter: RateLimiter;
  path: string;
  now: () => Date;
}) {
  async function load(token: string): Promise<EmergencyView | null> {
    const link = await deps.repo.link(hashLinkToken(token), deps.now());
    if (!link) return null;
    const row = await deps.repo.linked(link.activityId, link.userId);
    if (!row) return null;
    const { activity, person, safety } = row;
    const organisers = await deps.repo.organiserNames(activity.id);
    const [fix] = await deps.repo.lastFixes(activity.id, [person.id]);
    const [lastFix] = fix
      ? await deps.outgoing.points(person.id, null, [
          { latitude: fix.latitude, longitude: fix.longitude, at: new Date(fix.recordedAt) },
        ])
      : [];
    const route = activity.createdBy
      ? await deps.outgoing.line(activity.createdBy, null, activity.routeSteps)
      : [activity.routeSteps];
    return {
      language: person.language,
      timeZone: activity.timeZone,
      person: [person.firstName, person.lastName].filter(Boolean).join(' ') || '—',
      activity: activity.name,
      plannedReturn: activity.plannedReturnAt ?? activity.endsAt,
      backAt: safety?.backAt ?? null,
      lastFix: lastFix ?? null,
      route,
      start: activity.startAddress,
      organisers: organisers.map((o) => o.firstName ?? '—'),
      activityContact: activity.contact,
      expiresAt: link.expiresAt,
    };
  }

  function send(reply: FastifyReply, status: number, language: Language, title: string, body: string) {
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .send(page(language, title, body));
  }

  /** Not knowing whose link it was, the bare pages speak the language the visitor's browser asks for. */
  const visitorLanguage = (req: FastifyRequest) => acceptedLanguage(req.headers['accept-language']);
  const busy = (req: FastifyRequest, reply: FastifyReply) => {
    const language = visitorLanguage(req);
    return send(reply, 429, language, 'Cordata', `<p>${e(safetyText(language, 'busy'))}</p>`);
  };
  const gone = (req: FastifyRequest, reply: FastifyReply) => {
    const language = visitorLanguage(req);
    return send(reply, 404, language, 'Cordata', `<p>${e(safetyText(language, 'gone'))}</p>`);
  };

  function register(app: FastifyInstance) {
    app.get<{ Params: { token: string } }>(`${deps.path}/:token`, { schema: { hide: true } }, async (req, reply) => {
      try {
        await deps.rateLimiter.hit(`safety-link:${req.ip}`, { limit: LINK_VIEWS_PER_10_MINUTES, windowSeconds: 600 });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'RATE_LIMITED') return busy(req, reply);
        throw err;
      }
      const view = TOKEN.test(req.params.token) ? await load(req.params.token) : null;
      if (!view) return gone(req, reply);
      const rendered = render(view);
      return send(reply, 200, view.language, rendered.title, rendered.body);
    });
    registerConfirmation(app);
  }

  /**
   * The contact's confirmation (M-N2): the link shows a button, and only the button's POST confirms, so that a mail
   * scanner following links confirms nothing.
   */
  function registerConfirmation(app: FastifyInstance) {
    const confirmPath = `${deps.path}/confirm-contact/:token`;
    const limited = async (ip: string) => {
      try {
        await deps.rateLimiter.hit(`safety-link:${ip}`, { limit: LINK_VIEWS_PER_10_MINUTES, windowSeconds: 600 });
        return false;
      } catch (err) {
        if (err instanceof ApiError && err.code === 'RATE_LIMITED') return true;
        throw err;
      }
    };

    app.get<{ Params: { token: string } }>(confirmPath, { schema: { hide: true } }, async (req, reply) => {
      if (await limited(req.ip)) return busy(req, reply);
      if (!TOKEN.test(req.params.token)) return gone(req, reply);
      const language = visitorLanguage(req);
      const text = (key: string) => e(safetyText(language, key));
      const body = `<section class="ok"><h1>${text('confirmPageTitle')}</h1><p>${text('confirmIntro')}</p>
<form method="post"><p><button type="submit">${text('confirmButton')}</button></p></form></section>`;
      return send(reply, 200, language, safetyText(language, 'confirmPageTitle'), body);
    });

    app.register(async (scope) => {
      // The button's form posts no fields: its body is not read.
      scope.addContentTypeParser('application/x-www-form-urlencoded', (_req, _payload, done) => done(null, null));
      scope.post<{ Params: { token: string } }>(confirmPath, { schema: { hide: true } }, async (req, reply) => {
        if (await limited(req.ip)) return busy(req, reply);
        const now = deps.now();
        const sentAfter = new Date(now.getTime() - CONTACT_CONFIRMATION_VALID_MS);
        const confirmed =
          TOKEN.test(req.params.token) &&
          (await deps.repo.confirmContact(hashLinkToken(req.params.token), sentAfter, now));
        if (!confirmed) return gone(req, reply);
        const language = visitorLanguage(req);
        const body = `<section class="ok"><h1>${e(safetyText(language, 'confirmedTitle'))}</h1><p>${e(safetyText(language, 'confirmedBody'))}</p></section>`;
        return send(reply, 200, language, safetyText(language, 'confirmedTitle'), body);
      });
    });
  }

  return { register, load };
}

function page(language: Language, title: string, body: string) {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${e(title)}</title>
<style>
body{font-family:system-ui,sans-serif;color:#1d1d1f;background:#f5f5f7;margin:0;padding:16px;line-height:1.45}
main{max-width:560px;margin:auto}
h1{font-size:1.5rem;margin:8px 0 4px}h2{font-size:1.05rem;margin:20px 0 6px}
section{background:#fff;border-radius:12px;padding:12px 16px;margin:12px 0}
.alert{border-left:4px solid #b3261e}.ok{border-left:4px solid #1e7b34}
.muted{color:#6e6e73;font-size:.9rem}a{color:#0b57d0}svg{width:100%;height:auto;background:#eef3ea;border-radius:8px}
ul{padding-left:20px;margin:4px 0}
button{font:inherit;font-weight:600;background:#1e7b34;color:#fff;border:0;border-radius:8px;padding:12px 18px}
</style></head><body><main>${body}</main></body></html>`;
}

/** The planned route and the last position as a small sketch (north up, 3:2, centred); no map tiles are fetched. */
function sketch(pieces: OutgoingPoint[][], fix: OutgoingPoint | null) {
  const all = [...pieces.flat(), ...(fix ? [fix] : [])];
  if (!all.length) return '';
  const [W, H, PAD] = [300, 200, 12];
  const lats = all.map((p) => p.latitude);
  const lngs = all.map((p) => p.longitude);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const squeeze = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const w = Math.max((maxLng - minLng) * squeeze, 1e-4);
  const h = Math.max(maxLat - minLat, 1e-4);
  const scale = Math.min(W / w, H / h);
  const [dx, dy] = [PAD + (W - w * scale) / 2, PAD + (H - h * scale) / 2];
  const xy = (p: OutgoingPoint) =>
    [dx + (p.longitude - minLng) * squeeze * scale, dy + (maxLat - p.latitude) * scale].map((n) => n.toFixed(1));
  const lines = pieces
    .filter((piece) => piece.length > 1)
    .map(
      (piece) =>
        `<polyline points="${piece.map((p) => xy(p).join(',')).join(' ')}" fill="none" stroke="#0b57d0" stroke-width="3" stroke-linejoin="round"/>`,
    )
    .join('');
  const first = pieces[0]?.[0];
  const start = first ? xy(first) : null;
  const at = fix ? xy(fix) : null;
  return `<svg viewBox="0 0 ${W + 2 * PAD} ${H + 2 * PAD}" role="img">
${lines}
${start ? `<circle cx="${start[0]}" cy="${start[1]}" r="5" fill="#1e7b34"/>` : ''}
${at ? `<circle cx="${at[0]}" cy="${at[1]}" r="7" fill="#b3261e" stroke="#fff" stroke-width="2"/>` : ''}
</svg>`;
}

const osm = (p: OutgoingPoint) =>
  `https://www.openstreetmap.org/?mlat=${p.latitude.toFixed(5)}&mlon=${p.longitude.toFixed(5)}#map=15/${p.latitude.toFixed(5)}/${p.longitude.toFixed(5)}`;

export function render(v: EmergencyView): { title: string; body: string } {
  const t = (key: string, vars?: Record<string, string>) => safetyText(v.language, key, vars);
  const time = (d: Date) => localTime(d, v.timeZone, v.language);
  if (v.backAt) {
    const title = t('backTitle', { person: v.person });
    return {
      title,
      body: `<section class="ok"><h1>${e(title)}</h1><p>${e(t('backIntro', { person: v.person, at: time(v.backAt) }))}</p></section>`,
    };
  }
  const title = t('pageTitle', { person: v.person });
  const position = v.lastFix
    ? `<p><strong>${v.lastFix.latitude.toFixed(5)}, ${v.lastFix.longitude.toFixed(5)}</strong><br>
<span class="muted">${e(t('fixedAt', { at: time(v.lastFix.at) }))}</span></p>
<p><a href="${e(osm(v.lastFix))}" rel="noreferrer">${e(t('openMap'))}</a></p>`
    : `<p>${e(t('noPosition'))}</p>`;
  const body = `<section class="alert"><h1>${e(title)}</h1>
<p>${e(t('pageIntro', { person: v.person, activity: v.activity, planned: time(v.plannedReturn) }))}</p>
<p><strong>${e(t('emergency'))}</strong></p></section>
<section><h2>${e(t('lastPosition'))}</h2>${position}</section>
<section><h2>${e(t('route'))}</h2>${sketch(v.route, v.lastFix)}
${v.start ? `<p class="muted">${e(t('start'))}: ${e(v.start)}</p>` : ''}</section>
<section><h2>${e(t('activityHeading'))}</h2><p><strong>${e(v.activity)}</strong></p>
<p>${e(t('organiser'))}: ${e(v.organisers.join(', '))}</p>
${v.activityContact ? `<p>${e(t('activityContact'))}: ${e(v.activityContact)}</p>` : ''}</section>
<p class="muted">${e(t('expires', { until: time(v.expiresAt) }))}</p>`;
  return { title, body };
}
