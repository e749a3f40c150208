import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import type { Job } from '../../jobs.ts';
import type { RealtimeSocket } from '../../realtime/realtime.ts';
import type { Access } from '../access/access.ts';
import type { Attendance } from '../attendance/attendance.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Module } from '../module.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import type { Changes } from '../shared/changes.ts';
import { createEmergencyPage } from './emergency-page.ts';
import { outgoingPoints } from './outgoing-points.ts';
import { createQueuedEvents } from './queued-events.ts';
import { queuedHandlers, safetyHandlers } from './safety.handlers.ts';
import { createSafetyRepository } from './safety.repository.ts';
import { createSafetyService } from './safety.service.ts';
import { createSafetyEscalation } from './safety-escalation.ts';

/** The no-login page's path below the server's origin. */
export const safetyPagePath = (product: string) => `/api/space/${product}/safety`;

/** The safety loop (issue 23): calls, live positions over the socket, the escalation job and the no-login page. */
export function createSafetyModule(
  core: Pick<Core, 'config' | 'db' | 'realtime' | 'rateLimiter' | 'log' | 'now'>,
  deps: {
    access: Access;
    changes: Changes;
    mailer: Pick<Mailer, 'enqueue' | 'dispatch'>;
    privacy: Pick<PrivacyTrim, 'zonesFor'>;
    /** Attendance marks queued without signal are applied through it. */
    attendance: Pick<Attendance, 'applyQueued'>;
  },
) {
  // Every point that leaves for someone else passes the owner's privacy zones.
  const outgoing = outgoingPoints(deps.privacy);
  const repo = createSafetyRepository(core.db);
  const path = safetyPagePath(core.config.PRODUCT_SLUG);
  const linkBase = `${core.config.PUBLIC_URL ?? `http://localhost:${core.config.PORT}`}${path}`;
  const service = createSafetyService({
    db: core.db,
    repo,
    access: deps.access,
    changes: deps.changes,
    realtime: core.realtime,
    outgoing,
    mailer: deps.mailer,
    confirmBase: `${linkBase}/confirm-contact`,
    now: core.now,
  });
  const escalation = createSafetyEscalation({
    repo,
    changes: deps.changes,
    mailer: deps.mailer,
    delays: {
      alertAfterMinutes: core.config.SAFETY_ALERT_AFTER_MINUTES,
      contactsAfterMinutes: core.config.SAFETY_CONTACTS_AFTER_MINUTES,
    },
    linkHours: core.config.SAFETY_LINK_HOURS,
    linkBase,
    now: core.now,
  });
  const queued = createQueuedEvents({ repo, safety: service, attendance: deps.attendance, now: core.now });
  const page = createEmergencyPage({ repo, outgoing, rateLimiter: core.rateLimiter, path, now: core.now });

  // Positions come over the socket every 30 s: each one is checked like a call (safety.service.ts `position`).
  core.realtime.onSocket({
    connected(socket: RealtimeSocket) {
      socket.on('safety:position', (input, ack) => {
        service
          .position(socket.data.user.userId, input)
          .catch((err: unknown) => {
            core.log.warn({ err }, 'safety: a position could not be stored');
            return { ok: false as const, code: 'INVALID' as const };
          })
          .then((answer) => {
            if (typeof ack === 'function') ack(answer);
          });
      });
    },
  });

  const handlers = { ...safetyHandlers(service), ...queuedHandlers(queued) };
  const jobs: Job[] = [{ name: 'safety-escalation', everyMs: core.config.SAFETY_JOB_EVERY_MS, run: escalation.run }];

  return {
    handlers,
    jobs,
    routes: (app: FastifyInstance) => page.register(app),
    services: { service, escalation, queued },
  } satisfies Module;
}
