import { adminPrefix } from '@cordata/contract';
import type { FastifyInstance } from 'fastify';
import type { Core } from './core.ts';
import type { Handlers } from './http/handlers.ts';
import type { Job } from './jobs.ts';
import { createAccess } from './modules/access/access.ts';
import { activitiesHandlers } from './modules/activities/activities.handlers.ts';
import { createActivitiesRepository } from './modules/activities/activities.repository.ts';
import { createActivitiesService } from './modules/activities/activities.service.ts';
import { activityMembershipPolicy } from './modules/activities/activity-membership.ts';
import { createActivityReminders } from './modules/activities/activity-reminders.ts';
import { createRouteComputer } from './modules/activities/route-computer.ts';
import { routeExportHandlers } from './modules/activities/route-export.ts';
import { withActiveDays } from './modules/admin/admin.handlers.ts';
import { registerAdminCalls } from './modules/admin/admin.routes.ts';
import { promoteToAdmin } from './modules/admin/admin-bootstrap.ts';
import { createAdminModule } from './modules/admin/index.ts';
import { attendanceHandlers } from './modules/attendance/attendance.handlers.ts';
import { createAttendanceRepository } from './modules/attendance/attendance.repository.ts';
import {
  autoAcceptsReliable,
  createAttendance,
  recordingLateCancels,
} from './modules/attendance/attendance.service.ts';
import { authHandlers } from './modules/auth/auth.handlers.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createOtpCodes } from './modules/auth/otp-codes.ts';
import { createPasswords } from './modules/auth/passwords.ts';
import { createStepUp } from './modules/auth/step-up.ts';
import { createCalendar } from './modules/calendar/calendar.ts';
import { createChatMembership } from './modules/chat/chat-membership.ts';
import { createChatModule } from './modules/chat/index.ts';
import { createElevationModule } from './modules/elevation/index.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import { groupMembershipPolicy } from './modules/groups/group-membership.ts';
import { groupsHandlers } from './modules/groups/groups.handlers.ts';
import { createGroupsRepository } from './modules/groups/groups.repository.ts';
import { createGroupsService } from './modules/groups/groups.service.ts';
import { createLocationGeocoder } from './modules/location/location.geocoders.ts';
import { createLocationService, locationHandlers } from './modules/location/location.service.ts';
import { createLogisticsModule } from './modules/logistics/index.ts';
import { registerDevMailbox } from './modules/mail/mailbox.routes.ts';
import { createMailer, smtpTransport } from './modules/mail/mailer.ts';
import { createPurge } from './modules/maintenance/purge.ts';
import { createMembershipRepository } from './modules/membership/membership.repository.ts';
import { createMembership } from './modules/membership/membership.service.ts';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { notificationsHandlers } from './modules/notifications/notifications.service.ts';
import { createNotifier } from './modules/notifications/notifier.ts';
import { createPushQueue, createPushSender, pushChannels } from './modules/notifications/push.ts';
import { DEFAULT_WEB_PUSH_HOSTS } from './modules/notifications/web-push-endpoint.ts';
import { createOsmModule, overpassSourceOf } from './modules/osm/index.ts';
import { createPrivacyRepository } from './modules/privacy/privacy.repository.ts';
import { createPrivacyService, privacyHandlers } from './modules/privacy/privacy.service.ts';
import { createPrivacyTrim } from './modules/privacy/privacy-trim.ts';
import { recapHandlers } from './modules/recap/recap.handlers.ts';
import { createRecapRepository } from './modules/recap/recap.repository.ts';
import { createRecap } from './modules/recap/recap.service.ts';
import { createRecapNotices } from './modules/recap/recap-notices.ts';
import { recordReleases } from './modules/releases/releases.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { createReportsService, reportsHandlers } from './modules/reports/reports.service.ts';
import { createRouteImportService } from './modules/route-import/route-import.service.ts';
import { createRoutingEngine } from './modules/routing/routing.engines.ts';
import { createRoutingService, routingHandlers } from './modules/routing/routing.service.ts';
import { createSafetyModule } from './modules/safety/index.ts';
import { createSeatsRepository } from './modules/seats/seats.repository.ts';
import { createSeats } from './modules/seats/seats.service.ts';
import { seriesHandlers } from './modules/series/series.handlers.ts';
import { createSeriesService } from './modules/series/series.service.ts';
import { createSeriesMaterialiser } from './modules/series/series-materialiser.ts';
import { createChanges } from './modules/shared/changes.ts';
import { createSportsRepository } from './modules/sports/sports.repository.ts';
import { createSportsService, sportsHandlers } from './modules/sports/sports.service.ts';
import { createLocalStorage, createS3Storage } from './modules/uploads/storage.ts';
import { uploadsHandlers } from './modules/uploads/uploads.handlers.ts';
import { createUploadsRepository } from './modules/uploads/uploads.repository.ts';
import { registerUploads } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createAccountRepository } from './modules/users/account.repository.ts';
import { createAccountDeletionService } from './modules/users/account-deletion.service.ts';
import { createBlocksRepository, createBlocksService } from './modules/users/blocks.ts';
import { createConnectionsRepository } from './modules/users/connections.repository.ts';
import { createConnectionsService } from './modules/users/connections.service.ts';
import { usersHandlers } from './modules/users/users.handlers.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createWeatherModule } from './modules/weather/index.ts';
import { registerShareImages } from './web/share-image.ts';

/**
 * The one place where domain modules are wired together. Each returns the calls it answers;
 * a call no module answers is a 501 until its module lands.
 */
export function createModules(core: Core) {
  // Shared by the domains: notifications of what happened, and chat membership that follows participation.
  const pushSender = createPushSender({ db: core.db, log: core.log, channels: pushChannels(core.config) });
  const notifier = createNotifier({
    db: core.db,
    realtime: core.realtime,
    // Pushes go out right after they are queued when this instance runs jobs, else on the next job run.
    push: createPushQueue({
      db: core.db,
      onEnqueued: core.config.JOBS ? () => setImmediate(() => void pushSender.drain().catch(() => {})) : undefined,
    }),
  });
  const chatMembership = createChatMembership({ db: core.db, realtime: core.realtime });
  const changes = createChanges({ db: core.db, notifier, chatMembership, log: core.log });

  const access = createAccess(core.db);
  // Privacy zones (issue 23): the mappers of every answer carrying someone's points take the zones for the reader.
  const privacyRepository = createPrivacyRepository(core.db);
  const privacy = createPrivacyTrim({ repo: privacyRepository });
  const usersRepository = createUsersRepository(core.db);
  const chat = createChatModule(core, { changes, chatMembership, access, users: usersRepository });

  const sportsRepository = createSportsRepository(core.db);
  const sports = createSportsService(sportsRepository);

  const mailer = createMailer({
    db: core.db,
    log: core.log,
    from: core.config.MAIL_FROM,
    transport: core.config.SMTP_URL ? smtpTransport(core.config.SMTP_URL) : undefined,
    isProduction: core.config.isProduction,
  });

  // People: uploads (embedded disk store unless S3_BUCKET is set), profiles, contacts, account deletion.
  const { S3_BUCKET } = core.config;
  const localStorage = S3_BUCKET ? null : createLocalStorage(core.config);
  const storage = S3_BUCKET ? createS3Storage({ ...core.config, S3_BUCKET }) : localStorage!;
  const uploadsRepository = createUploadsRepository(core.db);
  const uploads = createUploadsService({
    uploads: uploadsRepository,
    storage,
    rateLimiter: core.rateLimiter,
    now: core.now,
  });
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
  const auth = createAuthService({
    db: core.db,
    repo: createAuthRepository(core.db),
    otp: createOtpCodes({ db: core.db, key: core.config.keys.otp, now: core.now }),
    passwords,
    tokens: core.tokens,
    mailer,
    rateLimiter: core.rateLimiter,
    sports,
    pictures: uploads,
    // A data export is bound to the password it was asked with (review L-N3); `exports` is made further down.
    onPasswordChanged: (userId) => exports.removeAllOf(userId),
    now: core.now,
  });
  const connectionsRepository = createConnectionsRepository(core.db);
  const blocks = createBlocksService({
    changes,
    blocks: createBlocksRepository(core.db),
    connections: connectionsRepository,
    users: usersRepository,
  });
  const connections = createConnectionsService({
    changes,
    connections: connectionsRepository,
    users: usersRepository,
    blocks,
    now: core.now,
  });
  const users = createUsersService({
    db: core.db,
    users: usersRepository,
    connections,
    blocks,
    sports,
    pictures: uploads,
    webPushHosts:
      core.config.VAPID_PUBLIC_KEY && core.config.VAPID_PRIVATE_KEY
        ? (core.config.WEB_PUSH_HOSTS ?? DEFAULT_WEB_PUSH_HOSTS)
        : null,
    now: core.now,
  });
  const exportsJob = (): Promise<unknown> => exports.runPending();
  const exports = createExportsService({
    db: core.db,
    storage,
    mailer,
    keys: core.config.keys.exportLinks,
    publicUrl: core.config.PUBLIC_URL ?? `http://localhost:${core.config.PORT}`,
    downloadPath: `/api/space/${core.config.PRODUCT_SLUG}/exports`,
    retentionDays: core.config.EXPORT_RETENTION_DAYS,
    rateLimiter: core.rateLimiter,
    now: core.now,
    // "Ready within minutes": an instance running jobs starts at once rather than on its next tick.
    onRequested: core.config.JOBS ? () => setImmediate(() => void exportsJob().catch(() => {})) : undefined,
  });
  const accounts = createAccountDeletionService({
    changes,
    account: createAccountRepository(core.db),
    chatMembership,
    realtime: core.realtime,
    removeFiles: uploads.removeFiles,
    sessionsChanged: core.tokens.sessionsChanged,
    erasers: [exports.removeAllOf, (userId) => logistics.erasePersonalData(userId)],
    now: core.now,
  });

  // Membership of activities and groups: one engine, a policy each.
  const memberships = createMembershipRepository(core.db);
  const membershipDeps = { repo: memberships, changes, chatMembership, now: core.now };

  const activitiesRepository = createActivitiesRepository(core.db);
  // Seats and waitlists: the engine asks them where someone let in goes; a claimed offer seats them through it.
  const seats = createSeats({
    repo: createSeatsRepository(core.db),
    changes,
    access,
    realtime: core.realtime,
    seat: (...args) => activityMembers.seat(...args),
    adminIds: (activityId, tx) =>
      memberships.memberIds('activity', activityId, { state: 'PARTICIPATING', admins: true }, tx),
    now: core.now,
    immediate: core.config.JOBS,
    log: core.log,
  });
  // Attendance (docs/attendance.md): a participant's own exit close to the start is recorded as a late cancel.
  const attendanceRepository = createAttendanceRepository(core.db);
  const activityMembers = createMembership(
    activityMembershipPolicy({
      access,
      repo: activitiesRepository,
      now: core.now,
      capacity: recordingLateCancels(seats.capacity, attendanceRepository, core.now),
    }),
    membershipDeps,
  );
  const elevation = createElevationModule(core.config, { rateLimiter: core.rateLimiter, log: core.log });
  const routeComputer = createRouteComputer({ elevation: elevation.measure });
  const osm = createOsmModule({
    source: overpassSourceOf(core.config),
    rateLimiter: core.rateLimiter,
    log: core.log,
  });
  // Series (issue 22): every date a real activity, made 12 weeks ahead by the series-materialiser job.
  const series = createSeriesService({
    db: core.db,
    changes,
    members: activityMembers,
    memberships,
    chatMembership,
    now: core.now,
  });
  const seriesMaterialiser = createSeriesMaterialiser({ db: core.db, now: core.now });
  const activities = createActivitiesService({
    db: core.db,
    repo: activitiesRepository,
    routes: routeComputer,
    routeFiles: { read: (url, userId, baseUrl) => uploads.readOwnFile(url, userId, 'GPX', baseUrl) },
    sports,
    changes,
    members: activityMembers,
    memberships,
    groups: access,
    chatMembership,
    seats,
    series,
    now: core.now,
    readerLanguage: core.tokens.languageOf,
    privacy,
  });

  const activityReminders = createActivityReminders({ changes, now: core.now });

  const groupsRepository = createGroupsRepository(core.db);
  const groupMembers = createMembership(
    groupMembershipPolicy({ repo: groupsRepository, autoAccept: autoAcceptsReliable(attendanceRepository) }),
    membershipDeps,
  );
  const attendance = createAttendance({
    repo: attendanceRepository,
    changes,
    activities: activityMembers,
    groups: groupMembers,
    codeKey: core.config.keys.checkIn,
    now: core.now,
  });
  const groups = createGroupsService({
    db: core.db,
    repo: groupsRepository,
    activities: activitiesRepository,
    memberships,
    changes,
    chatMembership,
    pictures: uploads,
    now: core.now,
    readerLanguage: core.tokens.languageOf,
  });

  const admin = createAdminModule({
    db: core.db,
    changes,
    tokens: core.tokens,
    deletion: accounts,
    chatMembership,
    realtime: core.realtime,
    sports: sportsRepository,
    now: core.now,
  });

  const logistics = createLogisticsModule(core, { access, changes, memberships, privacy });
  const weather = createWeatherModule(core, { access, changes, chatMembership, privacy });
  const safety = createSafetyModule(core, { access, changes, mailer, privacy });
  const routeImport = createRouteImportService({
    config: {
      sources: core.config.ROUTE_IMPORT_SOURCES,
      timeoutMs: core.config.ROUTE_IMPORT_TIMEOUT_MS,
      baseUrls: {
        ridewithgps: core.config.ROUTE_IMPORT_RIDEWITHGPS_URL,
        waymarkedtrails: core.config.ROUTE_IMPORT_WAYMARKEDTRAILS_URL,
      },
    },
    rateLimiter: core.rateLimiter,
  });

  const routing = createRoutingService({
    engine: createRoutingEngine(core.config),
    timeoutMs: core.config.ROUTER_TIMEOUT_MS,
    rateLimiter: core.rateLimiter,
    log: core.log,
  });

  const calendar = createCalendar({
    db: core.db,
    access,
    keys: core.config.keys.feeds,
    product: core.config.PRODUCT_SLUG,
    publicUrl: core.config.PUBLIC_URL ?? '',
    now: core.now,
    privacy,
  });

  // The recap (issue 22): after the end, who came, the route and the participants' album.
  const recap = createRecap({
    repo: createRecapRepository(core.db),
    changes,
    access,
    uploads,
    trimTrack: async ({ activityId, viewerId, points }) => {
      const line = await privacy.activityLine(viewerId, activityId, points);
      return { points: line.points, breaks: line.breaks };
    },
    now: core.now,
  });

  const recapNotices = createRecapNotices({ changes, now: core.now });

  const handlers: Handlers = {
    ...sportsHandlers(sports),
    ...calendar.handlers,
    ...groupsHandlers({
      groups,
      members: groupMembers,
      repo: groupsRepository,
      activities,
      now: core.now,
    }),
    ...activitiesHandlers({ service: activities, members: activityMembers, seats, attendance }),
    ...attendanceHandlers(attendance),
    ...seriesHandlers(series),
    ...recapHandlers(recap),
    ...chat.handlers,
    ...locationHandlers(
      createLocationService({ geocoder: createLocationGeocoder(core.config), rateLimiter: core.rateLimiter }),
    ),
    ...authHandlers(auth, core.tokens, stepUp),
    ...usersHandlers({ users, connections, blocks, accounts, stepUp }),
    ...uploadsHandlers(uploads),
    ...reportsHandlers(
      createReportsService({ reports: createReportsRepository(core.db), rateLimiter: core.rateLimiter }),
    ),
    ...notificationsHandlers({ repository: createNotificationsRepository(core.db), now: core.now }),
    ...logistics.handlers,
    ...weather.handlers,
    ...safety.handlers,
    'route/import-link': ({ body, user }) => routeImport.importLink(body.url, user.userId),
    ...routingHandlers(routing),
    ...routeExportHandlers({ db: core.db, access, routes: routeComputer, privacy }),
    ...privacyHandlers(createPrivacyService({ repo: privacyRepository, changes })),
    'route/elevation': ({ body, user }) => elevation.preview(user.userId, body),
    'route/grade-suggestion': ({ body, user }) => osm.suggest(user.userId, body),
    'export/request': ({ user }) => {
      // A stolen session alone cannot take everything away: the password was entered again moments ago (review L-N3).
      stepUp.assertRecentlyReauthenticated(user);
      return exports.request(user.userId);
    },
    'export/latest': ({ user }) => exports.latest(user.userId),
  };
  const handlersWithActiveDays = withActiveDays(handlers, admin.recordActiveDay);

  /** Work that runs once the database is migrated, before the server listens. */
  async function onStart() {
    await sportsRepository.seed();
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

  const jobs: Job[] = [
    { name: 'mail-outbox', everyMs: 5000, run: mailer.retryPending },
    { name: 'push-sender', everyMs: 3000, run: pushSender.drain },
    { name: 'purge', everyMs: 60 * 60 * 1000, run: createPurge({ db: core.db, now: core.now }) },
    ...chat.jobs,
    ...logistics.jobs,
    { name: 'waitlist-offers', everyMs: core.config.WAITLIST_JOB_EVERY_MS, run: seats.run },
    ...weather.jobs,
    ...safety.jobs,
    { name: 'activity-reminders', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: activityReminders.run },
    { name: 'recap-notices', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: recapNotices.run },
    { name: 'series-materialiser', everyMs: core.config.SERIES_JOB_EVERY_MS, run: seriesMaterialiser.run },
    { name: 'data-exports', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: exports.runPending },
    { name: 'data-exports-expiry', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: exports.removeExpired },
  ];

  /** Routes outside the call contract. */
  function registerRoutes(app: FastifyInstance) {
    registerAdminCalls(app, adminPrefix(core.config.PRODUCT_SLUG), admin.handlers, core.tokens, stepUp);
    if (core.config.mailboxKey) registerDevMailbox(app, mailer, core.config.mailboxKey);
    exports.registerDownload(app);
    calendar.registerFeeds(app);
    safety.register(app);
    registerShareImages(app, { db: core.db, product: core.config.PRODUCT_SLUG, privacy });
    if (localStorage)
      registerUploads(app, { storage: localStorage, uploads: uploadsRepository, service: uploads, now: core.now });
  }

  return {
    close: () => routeComputer.close(),
    handlers: handlersWithActiveDays,
    onStart,
    jobs,
    registerRoutes,
    services: {
      privacy,
      activityReminders,
      recapNotices,
      attendance,
      seats,
      series,
      seriesMaterialiser,
      chat,
      logistics,
      weather,
      safety,
      exports,
      sports,
      notifier,
      changes,
      pushSender,
      chatMembership,
      mailer,
      uploads,
      users,
      connections,
    },
  };
}
