import type { FastifyInstance } from 'fastify';
import type { Core } from './core.ts';
import type { Handlers } from './http/handlers.ts';
import type { Job } from './jobs.ts';
import { createAccess } from './modules/access/access.ts';
import { createActivitiesModule } from './modules/activities/index.ts';
import { createAdminRepository } from './modules/admin/admin.repository.ts';
import { promoteToAdmin } from './modules/admin/admin-bootstrap.ts';
import { createActiveDays } from './modules/admin/figures.service.ts';
import { createAdminModule } from './modules/admin/index.ts';
import { createAuthModule } from './modules/auth/index.ts';
import { createPasswords } from './modules/auth/passwords.ts';
import { createStepUp } from './modules/auth/step-up.ts';
import { createCalendarModule } from './modules/calendar/index.ts';
import { createChatMembership } from './modules/chat/chat-membership.ts';
import { createChatModule } from './modules/chat/index.ts';
import { createElevationModule } from './modules/elevation/index.ts';
import { createExportsModule } from './modules/exports/index.ts';
import { createGroupsModule } from './modules/groups/index.ts';
import { createLocationModule } from './modules/location/index.ts';
import { createLogisticsModule } from './modules/logistics/index.ts';
import { createMailModule } from './modules/mail/index.ts';
import { createPurge } from './modules/maintenance/purge.ts';
import type { Module } from './modules/module.ts';
import { createNotificationsModule } from './modules/notifications/index.ts';
import { createOfflineModule } from './modules/offline/index.ts';
import { createOsmModule } from './modules/osm/index.ts';
import { createParticipationModule } from './modules/participation/index.ts';
import { createPollsModule } from './modules/polls/index.ts';
import { createPrivacyModule } from './modules/privacy/index.ts';
import { createRecapModule } from './modules/recap/index.ts';
import { createRecordingsModule } from './modules/recordings/index.ts';
import { recordReleases } from './modules/releases/releases.ts';
import { createReportsModule } from './modules/reports/index.ts';
import { createRouteImportModule } from './modules/route-import/index.ts';
import { createRoutingModule } from './modules/routing/index.ts';
import { createSafetyModule } from './modules/safety/index.ts';
import { createSeriesModule } from './modules/series/index.ts';
import { createChanges } from './modules/shared/changes.ts';
import { createSportsModule } from './modules/sports/index.ts';
import { createUploadsModule } from './modules/uploads/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { createWeatherModule } from './modules/weather/index.ts';
import { registerShareImages } from './web/share-image.ts';

/**
 * The one place where domain modules are wired together: each is made once, after the modules it uses, and
 * answers its calls (modules/module.ts, docs/architecture.md). A call no module answers is a 501.
 */
export function createModules(core: Core) {
  // What every domain shares: notifications of what happened, chat membership that follows participation,
  // the unit of work (changes.ts), the access rules, privacy zones, mail, sports and files.
  const notifications = createNotificationsModule(core);
  const { notifier, pushSender } = notifications.services;
  const chatMembership = createChatMembership({ db: core.db, realtime: core.realtime });
  const changes = createChanges({ db: core.db, notifier, chatMembership, log: core.log });
  const access = createAccess(core.db);
  const privacy = createPrivacyModule(core, { changes });
  const mail = createMailModule(core);
  const { mailer } = mail.services;
  const sports = createSportsModule(core);
  const uploads = createUploadsModule(core);

  // The password, and the check of the calls that need it entered again moments ago (auth, exports, users, admin).
  const passwords = createPasswords();
  const stepUp = createStepUp({
    db: core.db,
    passwords,
    rateLimiter: core.rateLimiter,
    mailer,
    totpKeys: core.config.keys.totp,
    sessionsChanged: core.tokens.sessionsChanged,
    now: core.now,
  });
  const exports = createExportsModule(core, { storage: uploads.services.storage, mailer, stepUp });
  const auth = createAuthModule(core, {
    passwords,
    stepUp,
    mailer,
    sports: sports.services.sports,
    pictures: uploads.services.uploads,
    onPasswordChanged: exports.services.exports.removeAllOf,
  });

  // Taking part in activities and groups: the engine, seats, waitlists and attendance (modules/participation).
  const participation = createParticipationModule(core, { access, changes, chatMembership });
  const logistics = createLogisticsModule(core, {
    access,
    changes,
    memberships: participation.services.memberships,
    privacy: privacy.services.trim,
  });
  const users = createUsersModule(core, {
    changes,
    chatMembership,
    sports: sports.services.sports,
    uploads: uploads.services.uploads,
    stepUp,
    recordActiveDay: createActiveDays(createAdminRepository(core.db), core.now),
    erasers: [exports.services.exports.removeAllOf, logistics.services.erasePersonalData],
  });
  const chat = createChatModule(core, { changes, chatMembership, access, users: users.services.repository });
  const elevation = createElevationModule(core);
  const series = createSeriesModule(core, { changes, chatMembership, participation: participation.services });
  const osm = createOsmModule(core);
  const activities = createActivitiesModule(core, {
    access,
    changes,
    chatMembership,
    privacy: privacy.services.trim,
    sports: sports.services.sports,
    uploads: uploads.services.uploads,
    participation: participation.services,
    series: series.services.series,
    elevation: elevation.services.measure,
    routeAccess: osm.services.osm.routeAccess,
  });
  const groups = createGroupsModule(core, {
    changes,
    chatMembership,
    uploads: uploads.services.uploads,
    participation: participation.services,
    activities: activities.services.activities,
    access,
  });
  const polls = createPollsModule(core, { access, activities: activities.services.activities, changes });
  const admin = createAdminModule(core, {
    changes,
    deletion: users.services.accounts,
    chatMembership,
    sports: sports.services.repository,
    stepUp,
  });
  const zones = { privacy: privacy.services.trim };
  const weather = createWeatherModule(core, { access, changes, chatMembership, ...zones });
  const { attendance } = participation.services;
  const safety = createSafetyModule(core, { access, changes, mailer, ...zones, attendance });
  const calendar = createCalendarModule(core, { access, ...zones });
  const deps = { access, changes, uploads: uploads.services.uploads, ...zones };
  const recordings = createRecordingsModule(core, { ...deps, activities: activities.services });
  const recap = createRecapModule(core, { ...deps, recordings: recordings.services.recordings });

  const modules: Module[] = [
    ...[notifications, privacy, mail, sports, uploads, exports, auth, participation, logistics, users, chat],
    ...[elevation, series, activities, groups, polls, admin, weather, safety, calendar, recordings, recap],
    ...[createLocationModule(core), createReportsModule(core), createRoutingModule(core)],
    ...[createRouteImportModule(core), osm],
  ];
  // The outing pack answers with the other modules' handlers, so it comes last.
  const answering: Handlers = Object.assign({}, ...modules.map((module) => module.handlers));
  const offline = createOfflineModule(core, { access, handlers: () => answering });
  modules.push(offline);
  const handlers: Handlers = { ...answering, ...offline.handlers };
  const jobs: Job[] = [
    { name: 'purge', everyMs: 60 * 60 * 1000, run: createPurge({ db: core.db, now: core.now }) },
    ...modules.flatMap((module) => module.jobs ?? []),
  ];

  /** Work that runs once the database is migrated, before the server listens. */
  async function onStart() {
    await sports.services.repository.seed();
    await recordReleases(core.db, core.config.dataDir);
    const { unreadable } = await stepUp.resealTotpSecrets();
    if (unreadable) core.log.warn(`${unreadable} TOTP secrets open with no key: see docs/operations.md, rotation`);
    if (core.config.ADMIN_EMAIL) {
      const outcome = await promoteToAdmin(core.db, core.config.ADMIN_EMAIL, { once: true });
      if (outcome === 'NOT_FOUND') core.log.warn('ADMIN_EMAIL names no account yet: sign up, then restart');
      if (outcome === 'NOT_CONFIRMED')
        core.log.warn('ADMIN_EMAIL names an account whose address is not confirmed yet: confirm it, then restart');
    }
  }

  /** Routes outside the call contract. */
  function registerRoutes(app: FastifyInstance) {
    for (const module of modules) module.routes?.(app);
    registerShareImages(app, { db: core.db, product: core.config.PRODUCT_SLUG, privacy: privacy.services.trim });
  }

  return {
    close: () => Promise.all(modules.map((module) => module.close?.())),
    handlers,
    onStart,
    jobs,
    registerRoutes,
    services: {
      ...{ privacy: privacy.services.trim, activityReminders: activities.services.reminders },
      ...{ recapNotices: recap.services.notices, attendance },
      ...{ seats: participation.services.seats, series: series.services.series },
      ...{ seriesMaterialiser: series.services.materialiser, chat: chat.services, logistics: logistics.services },
      ...{ weather: weather.services, safety: safety.services, exports: exports.services.exports },
      ...{ sports: sports.services.sports, notifier, changes, pushSender, chatMembership, mailer },
      ...{ uploads: uploads.services.uploads, users: users.services.users, strava: recordings.services.strava },
      ...{ connections: users.services.connections, organiserDigests: notifications.services.digests },
    },
  };
}
