import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Day, Id, IsoDateTime, TimeOfDay } from '../common.ts';
import { WEATHER_BREACH_KINDS, WEATHER_CHOICES, WEATHER_POINT_KINDS, WEATHER_STATES } from '../enums.ts';

export const WeatherState = z.enum(WEATHER_STATES);
export const WeatherPointKind = z.enum(WEATHER_POINT_KINDS);
export const WeatherBreachKind = z.enum(WEATHER_BREACH_KINDS);
export const WeatherChoice = z.enum(WEATHER_CHOICES);
export type WeatherState = z.infer<typeof WeatherState>;
export type WeatherPointKind = z.infer<typeof WeatherPointKind>;
export type WeatherBreachKind = z.infer<typeof WeatherBreachKind>;
export type WeatherChoice = z.infer<typeof WeatherChoice>;

export const WeatherThresholdsSchema = z.object({
  maxGustKmh: z.number().min(0).max(300).nullable(),
  maxRainProbability: z.number().min(0).max(100).nullable(),
  minTemperature: z.number().min(-60).max(60).nullable(),
  maxTemperature: z.number().min(-60).max(60).nullable(),
  thunderstorms: z.boolean(),
});

export const WeatherHourSchema = z.object({
  time: IsoDateTime,
  temperature: z.number().nullable(),
  precipitationProbability: z.number().nullable(),
  gustKmh: z.number().nullable(),
  weatherCode: z.int().nullable(),
});

export const WeatherPoint = z.object({
  kind: WeatherPointKind,
  latitude: z.number(),
  longitude: z.number(),
  /** Metres along the route from the start. */
  distance: z.number(),
  /** Metres above sea level, where the route has elevation. */
  elevation: z.number().nullable(),
  /** When the group is expected there. */
  at: IsoDateTime,
  /** The meeting point: every hour of the activity; a checkpoint or the top: the hour the group is there. */
  hours: z.array(WeatherHourSchema),
});
export type WeatherPoint = z.infer<typeof WeatherPoint>;

export const WeatherBreachSchema = z.object({
  kind: WeatherBreachKind,
  time: IsoDateTime,
  value: z.number(),
  limit: z.number().nullable(),
});

export const WeatherDecision = z.object({
  choice: WeatherChoice,
  decidedAt: IsoDateTime,
});
export type WeatherDecision = z.infer<typeof WeatherDecision>;

export const ActivityWeather = z.object({
  state: WeatherState,
  /** When the forecast starts to be shown (16 days before the start). */
  availableFrom: IsoDateTime,
  /** When the forecast shown was fetched from the source (cached per grid cell). */
  fetchedAt: IsoDateTime.nullable(),
  /** The credit the source's terms ask for, shown under the forecast. */
  attribution: z.string().nullable(),
  points: z.array(WeatherPoint),
  thresholds: WeatherThresholdsSchema,
  /** The thresholds are the sport's defaults (the organiser set none). */
  defaultThresholds: z.boolean(),
  breaches: z.array(WeatherBreachSchema),
  /** The organiser's latest answer to a weather alert, for this start time. */
  decision: WeatherDecision.nullable(),
});
export type ActivityWeather = z.infer<typeof ActivityWeather>;

const byActivity = z.object({ activityId: Id });

export const weatherCalls = {
  'activity/weather': defineCall({
    auth: true,
    summary:
      'The forecast at the meeting point and along the route at the group’s times, the thresholds and any breach',
    body: byActivity,
    response: z.object({ weather: ActivityWeather }),
    errors: ['ACTIVITY_NOT_FOUND'],
  }),
  'activity/weather-thresholds': defineCall({
    auth: true,
    summary: "Admin: set the activity's weather thresholds (null: the sport's defaults)",
    body: byActivity.extend({ thresholds: WeatherThresholdsSchema.nullable() }),
    response: z.object({ weather: ActivityWeather }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'WEATHER_THRESHOLDS_INVALID'],
  }),
  'activity/weather-decide': defineCall({
    auth: true,
    summary:
      'Admin: answer a weather alert: keep, move to a new date and time, switch to the backup route (the old route becomes the backup), or cancel (the activity then leaves every list, as a cancelled series date); participants are told',
    body: byActivity.extend({
      choice: WeatherChoice,
      /** MOVE only: the new local day and times, in the activity's time zone. */
      date: Day.optional(),
      startTime: TimeOfDay.optional(),
      endTime: TimeOfDay.optional(),
    }),
    response: z.object({ weather: ActivityWeather }),
    errors: [
      'ACTIVITY_NOT_FOUND',
      'FORBIDDEN',
      'WEATHER_MOVE_INCOMPLETE',
      'END_BEFORE_START',
      'ACTIVITY_TOO_SOON',
      'NO_BACKUP_ROUTE',
    ],
  }),
};
