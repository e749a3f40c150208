/**
 * The database schema, one file per domain under `schema/` (following the module folders). This barrel is what
 * the code imports (`db/schema.ts`) and what drizzle-kit reads (drizzle.config.ts): a new domain file is added here.
 */

export * from './schema/activities.ts';
export * from './schema/admin.ts';
export * from './schema/attendance.ts';
export * from './schema/auth.ts';
export * from './schema/chat.ts';
export * from './schema/exports.ts';
export * from './schema/groups.ts';
export * from './schema/logistics.ts';
export * from './schema/mail.ts';
export * from './schema/notifications.ts';
export * from './schema/polls.ts';
export * from './schema/privacy.ts';
export * from './schema/rate-limits.ts';
export * from './schema/recap.ts';
export * from './schema/recordings.ts';
export * from './schema/releases.ts';
export * from './schema/reports.ts';
export * from './schema/safety.ts';
export * from './schema/seats.ts';
export * from './schema/series.ts';
export * from './schema/sports.ts';
export * from './schema/uploads.ts';
export * from './schema/users.ts';
export * from './schema/weather.ts';
