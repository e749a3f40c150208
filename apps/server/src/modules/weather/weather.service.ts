import {
  type ActivityWeather,
  type MeetingArea,
  WEATHER_HORIZON_DAYS,
  WEATHER_LAPSE_RATE_PER_METRE,
  type WeatherChoice,
  type WeatherHour,
  type WeatherPoint,
  type WeatherThresholds,
  weatherBreaches,
  weatherDefaults,
} from '@cordata/contract';
import { estimateMovingTime, isInsideZones, type ZoneCircle } from '@cordata/geo';
import type { Db } from '../../db/client.ts';
import type { activities, activityWeather, MemberState } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Access } from '../access/access.ts';
import { activityTimes, assertStartsLateEnough } from '../activities/activity-time.ts';
import { switchToBackupRoute } from '../activities/backup-route.ts';
import { insideArea, meetingAreaFor } from '../activities/meeting-area.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import { mayHoldHiddenStart, type PrivacyTrim } from '../privacy/privacy-trim.ts';
import { viewerMapped } from '../privacy/viewer-mapped.ts';
import type { Changes } from '../shared/changes.ts';
import { createWeatherRepository } from './weather.repository.ts';
import { type CachedForecast, cellOf, type WeatherCache } from './weather-cache.ts';
import { type PlannedPoint, weatherPlan } from './weather-plan.ts';

type ActivityRow = typeof activities.$inferSelect;
type WeatherRow = typeof activityWeather.$inferSelect;

const HOUR = 3_600_000;
/** The meeting point's forecast covers the activity hour by hour, at most this many hours. */
const MAX_START_HOURS = 24;

export interface WeatherServiceDeps {
  db: Db;
  access: Access;
  changes: Changes;
  chatMembership: Pick<ChatMembership, 'chatIdOf' | 'close'>;
  /** Null when WEATHER_URL is unset: no forecast, no alerts, nothing fails. */
  cache: WeatherCache | null;
  attribution: string;
  now: () => Date;
  /** The organiser's privacy zones for the reader of the points along the route (docs/privacy.md). */
  privacy: Pick<PrivacyTrim, 'zonesFor'>;
}

/**
 * The group's time over the route: the organiser's required time, else packages/geo's moving-time estimate for
 * the sport (with the climb when the route's ascent and descent are known), else null (the planned duration).
 */
function groupMinutes(a: ActivityRow): number | null {
  if (a.requiredTime !== null) return a.requiredTime;
  const known = a.elevationLoss !== null;
  const estimate = estimateMovingTime(a.sportId, {
    distance: a.totalDistance,
    gain: known ? a.totalElevationGain : null,
    loss: known ? a.elevationLoss : null,
  });
  return estimate?.minutes ?? null;
}

const floorHour = (d: Date) => Math.floor(d.getTime() / HOUR) * HOUR;

/** The hours of a forecast from `from` to `to` (both floored to the hour, inclusive). */
function hoursBetween(forecast: CachedForecast, from: Date, to: Date): WeatherHour[] {
  const first = floorHour(from);
  const last = Math.min(floorHour(to), first + (MAX_START_HOURS - 1) * HOUR);
  return forecast.hours.filter((h) => {
    const t = Date.parse(h.time);
    return t >= first && t <= last;
  });
}

/** The temperature at a point higher (or lower) than the source's grid point, by the standard lapse rate. */
function lapse(hours: WeatherHour[], pointElevation: number | null, gridElevation: number | null): WeatherHour[] {
  if (pointElevation === null || gridElevation === null) return hours;
  const delta = (pointElevation - gridElevation) * WEATHER_LAPSE_RATE_PER_METRE;
  return hours.map((h) =>
    h.temperature === null ? h : { ...h, temperature: Math.round((h.temperature - delta) * 10) / 10 },
  );
}

/**
 * The forecast as its reader may see it. Someone who sees a meeting area (issue 23) gets the meeting point's
 * forecast at the area's centre, without its height, and no point of the route inside the area; the organiser's
 * privacy `zones` for this reader take out every point inside them, and the area's point where the area may hold
 * a hidden start (docs/privacy.md).
 */
function visibleWeather(
  weather: ActivityWeather,
  viewer: { area: MeetingArea | null; zones: readonly ZoneCircle[] },
): ActivityWeather {
  const { area, zones } = viewer;
  const points = weather.points.flatMap((p): WeatherPoint[] => {
    if (area && p.kind === 'START') {
      if (mayHoldHiddenStart(area, zones)) return [];
      return [{ ...p, latitude: area.latitude, longitude: area.longitude, elevation: null }];
    }
    return (area && insideArea(area, p)) || isInsideZones(p, zones) ? [] : [p];
  });
  return viewerMapped({ ...weather, points });
}

/**
 * The weather of activities (issue 24): what the page shows (the forecast at the meeting point and along the
 * route at the group's times, the organiser's thresholds and what breaks them), the organiser's thresholds,
 * and their answer to an alert, which reaches participants and calendar feeds.
 */
export function createWeatherService(deps: WeatherServiceDeps) {
  const repo = createWeatherRepository(deps.db);
  const weatherRow = repo.weatherRow;

  /** The forecast of one activity as its page shows it; the alert job judges breaches from the same answer. */
  async function evaluate(activity: ActivityRow, row: WeatherRow | null): Promise<ActivityWeather> {
    const thresholds: WeatherThresholds = row?.thresholds ?? weatherDefaults(activity.sportId);
    const base: ActivityWeather = {
      state: 'NOT_CONFIGURED',
      availableFrom: new Date(activity.startsAt.getTime() - WEATHER_HORIZON_DAYS * 86_400_000).toISOString(),
      fetchedAt: null,
      attribution: null,
      points: [],
      thresholds,
      defaultThresholds: !row?.thresholds,
      breaches: [],
      decision:
        row?.decision && row.decidedAt ? { choice: row.decision, decidedAt: row.decidedAt.toISOString() } : null,
    };
    if (!deps.cache) return base;
    const now = deps.now();
    const withSource = { ...base, attribution: deps.attribution };
    if (activity.endsAt <= now) return { ...withSource, state: 'PAST' };
    if (activity.startsAt.getTime() - now.getTime() > WEATHER_HORIZON_DAYS * 86_400_000)
      return { ...withSource, state: 'TOO_EARLY' };

    const plan = weatherPlan({
      routeSteps: activity.routeSteps,
      startLatitude: activity.startLatitude,
      startLongitude: activity.startLongitude,
      elevationProfile: activity.elevationProfile,
      totalDistance: activity.totalDistance,
      startsAt: activity.startsAt,
      endsAt: activity.endsAt,
      requiredTime: groupMinutes(activity),
    });
    const cells = new Map<string, Promise<CachedForecast | null>>();
    for (const p of plan) {
      const { key } = cellOf(p);
      if (!cells.has(key)) cells.set(key, deps.cache.forecast(p));
    }
    const forecasts = new Map<string, CachedForecast | null>();
    for (const [key, pending] of cells) forecasts.set(key, await pending);

    const points: WeatherPoint[] = [];
    let fetchedAt: Date | null = null;
    for (const p of plan) {
      const forecast = forecasts.get(cellOf(p).key);
      if (!forecast) continue;
      if (!fetchedAt || forecast.fetchedAt < fetchedAt) fetchedAt = forecast.fetchedAt;
      points.push(pointOf(p, forecast, activity));
    }
    if (!points.some((p) => p.kind === 'START' && p.hours.length > 0)) return { ...withSource, state: 'UNAVAILABLE' };
    return {
      ...withSource,
      state: 'AVAILABLE',
      fetchedAt: fetchedAt?.toISOString() ?? null,
      points,
      breaches: weatherBreaches(
        points.flatMap((p) => p.hours),
        thresholds,
      ),
    };
  }

  function pointOf(p: PlannedPoint, forecast: CachedForecast, activity: ActivityRow): WeatherPoint {
    const hours =
      p.kind === 'START'
        ? hoursBetween(forecast, activity.startsAt, activity.endsAt)
        : hoursBetween(forecast, p.at, p.at);
    return {
      kind: p.kind,
      latitude: p.latitude,
      longitude: p.longitude,
      distance: Math.round(p.distance),
      elevation: p.elevation,
      at: p.at.toISOString(),
      hours: p.kind === 'HIGHEST' ? lapse(hours, p.elevation, forecast.elevation) : hours,
    };
  }

  /** The forecast of `activity` as `userId` (taking part as `myState`) may see it. */
  async function answer(activity: ActivityRow, userId: string, myState: MemberState | null) {
    const [weather, zones] = await Promise.all([
      weatherRow(activity.id).then((row) => evaluate(activity, row)),
      deps.privacy.zonesFor(userId, [activity.createdBy]),
    ]);
    const area = meetingAreaFor({ ...activity, myState });
    return { weather: visibleWeather(weather, { area, zones: zones.zonesOf(activity.createdBy) }) };
  }

  async function read(activityId: string, userId: string) {
    const { activity, member } = await deps.access.require('activity', activityId, userId, { as: 'viewer' });
    return answer(activity, userId, member?.state ?? null);
  }

  async function setThresholds(activityId: string, userId: string, thresholds: WeatherThresholds | null) {
    const activity = await deps.changes.run(async (tx) => {
      const { activity: a } = await deps.access.require('activity', activityId, userId, {
        as: 'organiser',
        lock: true,
        tx,
      });
      if (
        thresholds &&
        thresholds.minTemperature !== null &&
        thresholds.maxTemperature !== null &&
        thresholds.minTemperature >= thresholds.maxTemperature
      )
        throw new ApiError('WEATHER_THRESHOLDS_INVALID');
      await repo.setThresholds(a.id, thresholds, deps.now(), tx);
      return a;
    });
    // Only those taking part (admins) get here: the start is theirs to see, the organiser's zones are not.
    return answer(activity, userId, 'PARTICIPATING');
  }

  /**
   * The organiser's answer to an alert. KEEP changes nothing but tells; MOVE sets the new day and times (the
   * weather is then watched again at the new start); SWITCH_BACKUP makes the backup route the route and the route
   * the backup (NO_BACKUP_ROUTE without one), so the forecast follows the new route; CANCEL cancels it as a cancelled series date is (issue 22):
   * it leaves every list and its chat closes, but stays in calendar feeds as STATUS:CANCELLED. Participants get
   * an ACTIVITY_WEATHER_DECISION notification (live and as a push); calendar feeds read the activity, so their
   * next fetch has the new time or the cancellation.
   */
  async function decide(
    userId: string,
    input: { activityId: string; choice: WeatherChoice; date?: string; startTime?: string; endTime?: string },
  ) {
    const changed = await deps.changes.run(async (tx, fx) => {
      const { activity: a } = await deps.access.require('activity', input.activityId, userId, {
        as: 'organiser',
        lock: true,
        tx,
      });
      const now = deps.now();
      let reason: string = input.choice;
      if (input.choice === 'MOVE') {
        if (!input.date || !input.startTime || !input.endTime) throw new ApiError('WEATHER_MOVE_INCOMPLETE');
        const times = activityTimes({
          date: input.date,
          startTime: input.startTime,
          endTime: input.endTime,
          timeZone: a.timeZone,
        });
        assertStartsLateEnough(times.startsAt, now);
        await repo.moveActivity(
          a.id,
          {
            date: input.date,
            startTime: input.startTime,
            endTime: input.endTime,
            startsAt: times.startsAt,
            endsAt: times.endsAt,
          },
          now,
          tx,
        );
        // The new local day and start ride along, so the list and the push can say when it now is.
        reason = `MOVE ${input.date} ${input.startTime}`;
      }
      if (input.choice === 'SWITCH_BACKUP') await switchToBackupRoute(tx, a, now);
      const decision = { decision: input.choice, decidedAt: now, decidedFor: a.startsAt, updatedAt: now };
      await repo.recordDecision(a.id, decision, tx);
      if (input.choice === 'CANCEL') {
        await repo.cancelActivity(a.id, now, tx);
        const chatId = await deps.chatMembership.chatIdOf(tx, { kind: 'ACTIVITY', activityId: a.id });
        if (chatId) await deps.chatMembership.close(tx, chatId, fx.chat);
      }
      await fx.notify({
        userIds: await repo.participantIds(a.id, tx),
        type: 'ACTIVITY_WEATHER_DECISION',
        targetId: a.id,
        actorId: userId,
        reason,
        targetName: a.name,
      });
      return a.id;
    });
    // Read back without the visibility rule: a cancelled activity is gone from every list, its answer is not.
    const activity = await repo.activityById(changed);
    return answer(activity!, userId, 'PARTICIPATING');
  }

  return { read, setThresholds, decide, evaluate, weatherRow };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
