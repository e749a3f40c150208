import type { Core } from '../../core.ts';
import type { Access } from '../access/access.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Module } from '../module.ts';
import type { createParticipationModule } from '../participation/index.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import type { SeriesService } from '../series/series.service.ts';
import type { Changes } from '../shared/changes.ts';
import type { SportsService } from '../sports/sports.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { activitiesHandlers } from './activities.handlers.ts';
import { type ActivitiesDeps, createActivitiesService } from './activities.service.ts';
import { createActivityReminders } from './activity-reminders.ts';
import { createRouteComputer, type RouteComputerOptions } from './route-computer.ts';
import { routeExportHandlers } from './route-export.ts';

/** Activities: creating, editing and finding them, their routes (parsed off the event loop) and reminders. */
export function createActivitiesModule(
  core: Core,
  deps: {
    access: Access;
    changes: Changes;
    chatMembership: ChatMembership;
    privacy: PrivacyTrim;
    sports: SportsService;
    uploads: UploadsService;
    participation: ReturnType<typeof createParticipationModule>['services'];
    series: SeriesService;
    /** Elevation of a route that has none of its own (elevation/). */
    elevation: RouteComputerOptions['elevation'];
    /** What OpenStreetMap says of a route (osm/, issue 38). */
    routeAccess?: ActivitiesDeps['routeAccess'];
  },
) {
  const { participation: p } = deps;
  const routeComputer = createRouteComputer({ elevation: deps.elevation });
  const activities = createActivitiesService({
    db: core.db,
    repo: p.activitiesRepository,
    routes: routeComputer,
    routeFiles: { read: (url, userId, baseUrl) => deps.uploads.readOwnFile(url, userId, 'GPX', baseUrl) },
    sports: deps.sports,
    changes: deps.changes,
    members: p.activityMembers,
    memberships: p.memberships,
    groups: deps.access,
    chatMembership: deps.chatMembership,
    seats: p.seats,
    series: deps.series,
    now: core.now,
    readerLanguage: core.tokens.languageOf,
    routeAccess: deps.routeAccess,
  });
  const reminders = createActivityReminders({ changes: deps.changes, now: core.now });
  return {
    handlers: {
      ...activitiesHandlers({
        service: activities,
        members: p.activityMembers,
        seats: p.seats,
        attendance: p.attendance,
      }),
      ...routeExportHandlers({ db: core.db, access: deps.access, routes: routeComputer, privacy: deps.privacy }),
    },
    jobs: [{ name: 'activity-reminders', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: reminders.run }],
    close: () => routeComputer.close(),
    services: { activities, reminders, routeComputer },
  } satisfies Module;
}
