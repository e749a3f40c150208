import { createHash } from 'node:crypto';
import type { StravaConnection } from '@cordata/contract';
import { type Gpx, matchRecording, RECORDING_MATCH, recordingOf } from '@cordata/geo';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { randomToken } from '../auth/oidc-client.ts';
import type { createSecretBox } from '../auth/totp.ts';
import { keptLine } from './recording-file.ts';
import type { RecordingsRepository, StravaConnectionRow } from './recordings.repository.ts';
import type { Recordings } from './recordings.service.ts';
import { type StravaClient, StravaError, type StravaEvent, type StravaStreamPoint } from './strava.ts';

/** How long Strava's consent page may take before the state is refused. */
const STATE_TTL_MS = 10 * 60_000;
/** An access token this close to its expiry is refreshed first. */
const REFRESH_MARGIN_MS = 60_000;
/** An import is leased for this long while it is fetched: an instance that dies leaves it to the next run. */
const IMPORT_LEASE_MS = 5 * 60_000;
const IMPORT_MAX_ATTEMPTS = 5;
const IMPORTS_PER_RUN = 10;
const SUBSCRIPTION_RECHECK_MS = 24 * 60 * 60_000;

const hash = (s: string) => createHash('sha256').update(s).digest('base64url');

/** Strava's streams as the one track of a file, for recordingOf. */
const asGpx = (points: StravaStreamPoint[]): Gpx => ({
  version: null,
  name: null,
  tracks: [
    {
      name: null,
      segments: [points.map((p) => ({ ...p, time: new Date(p.time).toISOString(), elevation: null }))],
    },
  ],
  routes: [],
  waypoints: [],
  skippedPoints: 0,
});

export interface StravaLinkDeps {
  db: Db;
  repo: RecordingsRepository;
  recordings: Pick<Recordings, 'save'>;
  /** Null when STRAVA_* is not set: nobody can connect, and the webhook is not registered. */
  client: StravaClient | null;
  redirectUri: string;
  /** Where Strava posts its events (PUBLIC_URL's /strava/webhook); null without PUBLIC_URL: no subscription. */
  webhook: { callbackUrl: string; verifyToken: string } | null;
  /** Seals the tokens at rest (auth/totp.ts createSecretBox, the key for secrets at rest). */
  box: ReturnType<typeof createSecretBox>;
  log: { warn(object: object, message: string): void };
  now: () => Date;
}

/**
 * A person's Strava link (docs/recordings.md): OAuth to connect, the webhook's events, and the queue of new
 * activities to fetch and match. A Strava activity is kept only when it matches an activity its owner took part in,
 * and only its owner ever sees it (Strava's API terms). Disconnecting here or on Strava deletes every track that
 * came from Strava at once.
 */
export function createStravaLink(deps: StravaLinkDeps) {
  const { repo } = deps;
  const seal = (token: string) => deps.box.seal(Buffer.from(token, 'utf8'));
  const open = (sealed: string) => deps.box.open(sealed).secret.toString('utf8');
  /** Strava keeps the subscription: once found, it is looked at again only a day later (each look is a call). */
  let subscriptionCheckedUntil = 0;

  function client() {
    if (!deps.client) throw new ApiError('STRAVA_NOT_CONFIGURED');
    return deps.client;
  }

  async function connection(userId: string): Promise<{ strava: StravaConnection }> {
    const row = deps.client ? await repo.connection(userId) : null;
    return {
      strava: {
        configured: !!deps.client,
        connected: !!row,
        connectedAt: row?.connectedAt.toISOString() ?? null,
      },
    };
  }

  /** Forgets the link and every track that came from Strava. */
  async function forget(userId: string, athleteId: string) {
    await deps.db.transaction(async (tx) => {
      await repo.removeConnection(userId, tx);
      await repo.removeFromStrava(userId, tx);
      await repo.removeImportsOfAthlete(athleteId, tx);
    });
  }

  /** An access token that works for a while yet: refreshed (and the new pair kept) when close to its expiry. */
  async function accessToken(link: StravaConnectionRow) {
    let sealed: { access: string; refresh: string };
    try {
      sealed = { access: open(link.accessToken), refresh: open(link.refreshToken) };
    } catch {
      // Sealed with a key no longer held (JWT_SECRET rotated past its window without TOTP_KEY): the person connects
      // again; the tracks from Strava go with the link, as on a disconnection.
      await forget(link.userId, link.athleteId);
      throw new StravaError('UNAUTHORIZED', 'the Strava tokens open with no key held');
    }
    if (link.expiresAt.getTime() - deps.now().getTime() > REFRESH_MARGIN_MS) return sealed.access;
    const fresh = await client().refresh(sealed.refresh);
    await repo.updateTokens(link.userId, {
      accessToken: seal(fresh.accessToken),
      refreshToken: seal(fresh.refreshToken),
      expiresAt: fresh.expiresAt,
    });
    return fresh.accessToken;
  }

  /** Fetches a Strava activity and keeps it as the recording of the activity it matches, if any. */
  async function importActivity(athleteId: string, stravaActivityId: string) {
    const link = await repo.connectionOfAthlete(athleteId);
    if (!link) return;
    const token = await accessToken(link);
    const found = await client().activity(token, stravaActivityId);
    const candidates = await repo.candidates(link.userId, found.startDate, RECORDING_MATCH.startWindowMinutes);
    if (!candidates.length) return;
    const recording = recordingOf(asGpx(await client().streams(token, found)));
    if (!recording) return;
    for (const candidate of candidates) {
      const match = matchRecording(candidate.routeSteps, recording, candidate.startsAt.getTime());
      if (!match.matched) continue;
      await deps.recordings.save(
        candidate.id,
        link.userId,
        {
          startedAt: recording.startedAt,
          endedAt: recording.endedAt,
          // Strava's own moving time: the athlete's figure, shown to them alone.
          movingSeconds: found.movingSeconds || recording.movingSeconds,
          distance: found.distance || recording.distance,
          line: keptLine(recording.points),
          onRouteShare: match.onRouteShare,
        },
        { source: 'STRAVA', externalId: found.id },
      );
      return;
    }
  }

  return {
    connection,

    async connect(userId: string) {
      const state = randomToken();
      await repo.saveState({
        stateHash: hash(state),
        userId,
        expiresAt: new Date(deps.now().getTime() + STATE_TTL_MS),
      });
      return { authorizeUrl: client().authorizeUrl({ state, redirectUri: deps.redirectUri }) };
    },

    async finish(userId: string, body: { code: string; state: string; scope?: string }) {
      const strava = client();
      const owner = await repo.takeState(hash(body.state), deps.now());
      if (owner !== userId) throw new ApiError('STRAVA_STATE_INVALID');
      const scopes = (body.scope ?? '').split(',');
      if (!scopes.includes('activity:read') && !scopes.includes('activity:read_all')) {
        throw new ApiError('STRAVA_SCOPE_MISSING');
      }
      let tokens: Awaited<ReturnType<StravaClient['exchangeCode']>>;
      try {
        tokens = await strava.exchangeCode(body.code);
      } catch (error) {
        if (error instanceof StravaError && (error.kind === 'UNAUTHORIZED' || error.kind === 'INVALID')) {
          throw new ApiError('STRAVA_STATE_INVALID');
        }
        throw new ApiError('STRAVA_UNAVAILABLE');
      }
      await repo.saveConnection({
        userId,
        athleteId: tokens.athleteId,
        accessToken: seal(tokens.accessToken),
        refreshToken: seal(tokens.refreshToken),
        expiresAt: tokens.expiresAt,
        scope: tokens.scope ?? body.scope ?? null,
        connectedAt: deps.now(),
      });
      return connection(userId);
    },

    /** Cordata gives up its access at Strava (best effort: the link is forgotten here whatever Strava says). */
    async disconnect(userId: string) {
      const link = await repo.connection(userId);
      if (link && deps.client) {
        try {
          await deps.client.deauthorize(open(link.accessToken));
        } catch (error) {
          deps.log.warn({ err: error }, 'Strava did not take the deauthorization; the link is forgotten here anyway');
        }
      }
      if (link) await forget(userId, link.athleteId);
      return connection(userId);
    },

    /** What the webhook tells (strava.ts parseWebhookEvent): queued, deleted or forgotten; answered at once. */
    async onEvent(event: StravaEvent) {
      const link = await repo.connectionOfAthlete(event.athleteId);
      if (!link) return;
      if (event.kind === 'deauthorized') return forget(link.userId, link.athleteId);
      if (event.kind === 'activity-deleted') {
        await repo.removeFromStrava(link.userId, undefined, event.activityId);
        return;
      }
      await repo.enqueue({ athleteId: event.athleteId, stravaActivityId: event.activityId, notBefore: deps.now() });
    },

    /**
     * The job: fetches the queued activities that are due. Each is leased (its time moved on) in a short transaction
     * that other instances skip, then fetched outside it; done, it goes; Strava's rate limit holds the whole queue
     * until the window it names; another failure retries later, up to IMPORT_MAX_ATTEMPTS.
     */
    async runImports() {
      if (!deps.client) return;
      const now = deps.now();
      const leased = await deps.db.transaction(async (tx) => {
        const due = await repo.claimImports(now, IMPORTS_PER_RUN, tx);
        for (const item of due) await repo.retryImport(item.id, new Date(now.getTime() + IMPORT_LEASE_MS), tx);
        return due;
      });
      for (const item of leased) {
        try {
          await importActivity(item.athleteId, item.stravaActivityId);
          await repo.removeImports([item.id], deps.db);
        } catch (error) {
          if (error instanceof StravaError && error.kind === 'RATE_LIMITED') {
            await repo.holdImports(error.retryAt ?? new Date(now.getTime() + 15 * 60_000), deps.db);
            return;
          }
          // Gone at Strava, access withdrawn, or refused here (the person no longer takes part): no retry helps.
          const gone =
            error instanceof ApiError ||
            (error instanceof StravaError && (error.kind === 'NOT_FOUND' || error.kind === 'UNAUTHORIZED'));
          if (gone || item.attempts + 1 >= IMPORT_MAX_ATTEMPTS) {
            if (!gone)
              deps.log.warn({ err: error, stravaActivityId: item.stravaActivityId }, 'A Strava import gave up');
            await repo.removeImports([item.id], deps.db);
          } else {
            const backoff = 2 ** item.attempts * 60_000;
            await repo.retryImport(item.id, new Date(now.getTime() + backoff), deps.db);
          }
        }
      }
    },

    /**
     * The job that keeps the application's webhook subscription: made when there is none (Strava checks the callback
     * first, so it runs once the server listens), found when there is; a failure is logged and tried again later.
     */
    async ensureSubscription() {
      if (!deps.client || !deps.webhook || deps.now().getTime() < subscriptionCheckedUntil) return;
      try {
        const { created } = await deps.client.ensureSubscription(deps.webhook);
        subscriptionCheckedUntil = deps.now().getTime() + SUBSCRIPTION_RECHECK_MS;
        if (created) deps.log.warn({ callbackUrl: deps.webhook.callbackUrl }, 'Strava webhook subscription created');
      } catch (error) {
        deps.log.warn({ err: error }, 'Strava webhook subscription could not be made; tried again later');
      }
    },

    /** Started connections nobody finished. */
    purgeStates: () => repo.removeExpiredStates(deps.now()),
  };
}

export type StravaLink = ReturnType<typeof createStravaLink>;
