import { estimateMovingTime } from '@cordata/geo';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import { CALM, STORM, startWeatherStandIn, type WeatherStandIn } from '../../../test/stand-in-weather.ts';
import { notifications, pushOutbox, weatherChecks } from '../../db/schema.ts';
import { createPushSender, type PushChannel } from '../notifications/push.ts';
import { pushActions, pushText } from '../notifications/push-messages.ts';

let clock = Date.now();
let t: TestApp;
let standIn: WeatherStandIn;
beforeAll(async () => {
  standIn = await startWeatherStandIn({ now: () => new Date(clock) });
  t = await createTestApp(
    { WEATHER_URL: standIn.url, WEATHER_TIMEOUT_MS: '500', WEATHER_CACHE_MINUTES: '60' },
    { now: () => new Date(clock) },
  );
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
afterEach(() => {
  clock = Date.now();
  standIn.behaviour = 'ok';
  standIn.weather = () => CALM;
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Each test's activity sits in its own grid cell, so one test's cache never answers another's. */
const place = (n: number) => ({
  route: {
    mode: 'POINTS' as const,
    start: { latitude: 44 + n * 0.3, longitude: 10, address: `Trailhead ${n}` },
    destination: { latitude: 44 + n * 0.3 + 0.12, longitude: 10.02 },
    routeSteps: [{ latitude: 44 + n * 0.3 + 0.06, longitude: 10.01 }],
  },
});
const askedFor = (n: number) =>
  standIn.seen.filter((u) => Math.abs(Number(u.searchParams.get('latitude')) - (44 + n * 0.3)) < 0.051).length;

async function joined(activityId: string) {
  const person = await newUser(t);
  await t.ok('activity/participate', { activityId }, person.token);
  return person;
}

async function notificationsOf(userId: string, type: string, activityId: string) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.targetId, activityId)));
}

describe('the forecast of an activity', () => {
  it('shows the meeting point over the activity, checkpoints at the group’s times, and is cached per cell', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { ...place(1), date: dayFromNow(3), requiredTime: 120 });
    const stranger = await newUser(t);

    const { weather } = await t.ok('activity/weather', { activityId: activity.activityId }, stranger.token);
    expect(weather.state).toBe('AVAILABLE');
    expect(weather.attribution).toContain('Open-Meteo');
    expect(weather.defaultThresholds).toBe(true);
    expect(weather.thresholds.maxGustKmh).toBe(70); // running's default
    const [start, ...along] = weather.points;
    expect(start).toMatchObject({ kind: 'START', latitude: 44.3, longitude: 10, distance: 0 });
    // 09:00–11:00 in Rome: the hours that start at 09, 10 and 11 local time.
    expect(start!.hours.map((h) => h.time)).toEqual(
      [0, 1, 2].map((i) => new Date(Date.parse(activity.startsAt) + i * HOUR).toISOString()),
    );
    expect(start!.hours[0]).toMatchObject({ temperature: 15, gustKmh: 20, precipitationProbability: 10 });
    expect(along.length).toBeGreaterThanOrEqual(2);
    expect(along.every((p) => p.kind === 'CHECKPOINT' && p.hours.length === 1)).toBe(true);
    // The last checkpoint is the end of the route, reached after the required 120 minutes.
    expect(Date.parse(along.at(-1)!.at) - Date.parse(activity.startsAt)).toBe(120 * MINUTE);
    expect(weather.breaches).toEqual([]);

    // Page views within the freshness read the database: no more requests for these cells.
    const before = standIn.seen.length;
    await t.ok('activity/weather', { activityId: activity.activityId }, organiser.token);
    await t.ok('activity/weather', { activityId: activity.activityId }, stranger.token);
    expect(standIn.seen.length).toBe(before);
    // An hour later the cell is asked again, once.
    clock += 61 * MINUTE;
    await t.ok('activity/weather', { activityId: activity.activityId }, organiser.token);
    await t.ok('activity/weather', { activityId: activity.activityId }, organiser.token);
    expect(standIn.seen.length - before).toBe(
      new Set(weather.points.map((p) => `${Math.round(p.latitude * 10)}:${Math.round(p.longitude * 10)}`)).size,
    );
  });

  it('a failing source: unavailable, not asked again for 5 minutes, and the last good forecast kept', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { ...place(2), date: dayFromNow(4) });
    const id = activity.activityId;
    standIn.behaviour = 'http-error';
    expect((await t.ok('activity/weather', { activityId: id }, organiser.token)).weather.state).toBe('UNAVAILABLE');
    const tries = askedFor(2);
    expect(tries).toBeGreaterThan(0);
    await t.ok('activity/weather', { activityId: id }, organiser.token);
    expect(askedFor(2)).toBe(tries);

    standIn.behaviour = 'ok';
    clock += 6 * MINUTE;
    const good = (await t.ok('activity/weather', { activityId: id }, organiser.token)).weather;
    expect(good.state).toBe('AVAILABLE');

    // Stale and the source down: the last forecast is shown with its age.
    standIn.behaviour = 'slow';
    clock += 2 * HOUR;
    const stale = (await t.ok('activity/weather', { activityId: id }, organiser.token)).weather;
    expect(stale.state).toBe('AVAILABLE');
    expect(stale.fetchedAt).toBe(good.fetchedAt);
  });

  it('without a required time, the checkpoints follow packages/geo’s moving-time estimate for the sport', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { ...place(9), date: dayFromNow(3) });
    const { weather } = await t.ok('activity/weather', { activityId: activity.activityId }, organiser.token);
    const { activity: read } = await t.ok('activity/read-info', { activityId: activity.activityId }, organiser.token);
    const estimate = estimateMovingTime('running', {
      distance: read.totalDistance,
      gain: read.elevationLoss === null ? null : read.totalElevationGain,
      loss: read.elevationLoss,
    });
    expect(estimate).not.toBeNull();
    const finish = weather.points.filter((p) => p.kind === 'CHECKPOINT').at(-1)!;
    expect(Date.parse(finish.at) - Date.parse(activity.startsAt)).toBe(estimate!.minutes * MINUTE);
  });

  it('nothing before 16 days ahead, nor once over', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { ...place(3), date: dayFromNow(20) });
    const { weather } = await t.ok('activity/weather', { activityId: activity.activityId }, organiser.token);
    expect(weather).toMatchObject({ state: 'TOO_EARLY', points: [] });
    expect(Date.parse(weather.availableFrom)).toBe(Date.parse(activity.startsAt) - 16 * 24 * HOUR);
    expect(askedFor(3)).toBe(0);
    clock = Date.parse(activity.endsAt) + MINUTE;
    expect((await t.ok('activity/weather', { activityId: activity.activityId }, organiser.token)).weather.state).toBe(
      'PAST',
    );
  });

  it('names the storm: breaches of the thresholds, which only the organiser sets', async () => {
    standIn.weather = () => STORM;
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { ...place(4), date: dayFromNow(2) });
    const id = activity.activityId;
    const ann = await joined(id);
    const { weather } = await t.ok('activity/weather', { activityId: id }, ann.token);
    expect(weather.breaches.map((b) => b.kind)).toEqual(['GUSTS', 'RAIN', 'THUNDERSTORM']);

    const limits = {
      maxGustKmh: 100,
      maxRainProbability: 95,
      minTemperature: -5,
      maxTemperature: 30,
      thunderstorms: false,
    };
    expect(
      (await t.call('activity/weather-thresholds', { activityId: id, thresholds: limits }, ann.token)).status,
    ).toBe(403);
    const bad = await t.call(
      'activity/weather-thresholds',
      { activityId: id, thresholds: { ...limits, minTemperature: 30 } },
      organiser.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'WEATHER_THRESHOLDS_INVALID' } });
    const set = await t.ok('activity/weather-thresholds', { activityId: id, thresholds: limits }, organiser.token);
    expect(set.weather).toMatchObject({ defaultThresholds: false, thresholds: limits, breaches: [] });
    const reset = await t.ok('activity/weather-thresholds', { activityId: id, thresholds: null }, organiser.token);
    expect(reset.weather.defaultThresholds).toBe(true);
    expect(reset.weather.breaches).toHaveLength(3);
  });
});

describe('weather alerts', () => {
  const run = () => t.modules.services.weather.alerts.run();

  it('alert the organiser once at 24 h and once at 3 h, on a breach only, whatever the instances', async () => {
    standIn.weather = () => STORM;
    const organiser = await newUser(t);
    await t.ok('user/update-notification-token', { token: 'organiser-phone', platform: 'ios' }, organiser.token);
    const stormy = await newActivity(t, organiser, { ...place(5), date: dayFromNow(6), name: 'Ridge walk' });
    const calm = await newActivity(t, organiser, { ...place(6), date: dayFromNow(6), name: 'Calm walk' });
    standIn.weather = (p) => (p.latitude < 45.7 ? STORM : CALM);
    const ann = await joined(stormy.activityId);
    const start = Date.parse(stormy.startsAt);

    clock = start - 25 * HOUR;
    expect(await run()).toBe(0);
    clock = start - 24 * HOUR + MINUTE;
    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBe(1);
    clock += MINUTE;
    expect(await run()).toBe(0);
    const alerts = await notificationsOf(organiser.id, 'ACTIVITY_WEATHER_ALERT', stormy.activityId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ reason: '24H GUSTS,RAIN,THUNDERSTORM KEEP,MOVE,CANCEL', actorId: null });
    expect(await notificationsOf(ann.id, 'ACTIVITY_WEATHER_ALERT', stormy.activityId)).toEqual([]);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_WEATHER_ALERT', calm.activityId)).toEqual([]);
    const checks = await t.db.select().from(weatherChecks).where(eq(weatherChecks.activityId, calm.activityId));
    expect(checks).toMatchObject([{ lead: '24H', breached: false }]);
    // The organiser's phone also heard of Ann joining (ACTIVITY_JOINED); the alert is the last push.
    const pushes = await t.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'organiser-phone'));
    expect(pushes.map((p) => p.payload).filter((p) => p.type === 'ACTIVITY_WEATHER_ALERT')).toMatchObject([
      { type: 'ACTIVITY_WEATHER_ALERT', targetName: 'Ridge walk' },
    ]);
    expect(pushText('en', 'ACTIVITY_WEATHER_ALERT', { target: 'Ridge walk', reason: '24H GUSTS,RAIN' }).body).toBe(
      'Weather alert for Ridge walk (starts in 24 h): gusts, rain over your limits. Keep, move or cancel?',
    );
    expect(pushText('it', 'ACTIVITY_WEATHER_ALERT', { target: 'Ridge walk', reason: '3H THUNDERSTORM' }).body).toBe(
      'Allerta meteo per Ridge walk (inizia tra 3 ore): temporali oltre i tuoi limiti. Confermi, sposti o annulli?',
    );

    // 3 h before: the second check. The source failing, and the forecast of 21 h ago too old to judge by, no
    // check is written and it is tried again.
    clock = start - 3 * HOUR + MINUTE;
    standIn.behaviour = 'http-error';
    expect(await run()).toBe(0);
    standIn.behaviour = 'ok';
    clock += 6 * MINUTE;
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const all = await notificationsOf(organiser.id, 'ACTIVITY_WEATHER_ALERT', stormy.activityId);
    expect(all.map((n) => n.reason).sort()).toEqual([
      '24H GUSTS,RAIN,THUNDERSTORM KEEP,MOVE,CANCEL',
      '3H GUSTS,RAIN,THUNDERSTORM KEEP,MOVE,CANCEL',
    ]);
  });

  it('with a backup route, the alert offers the switch: its text and its push buttons', async () => {
    standIn.weather = () => STORM;
    const organiser = await newUser(t);
    await t.ok('user/update-notification-token', { token: 'backup-phone', platform: 'ios' }, organiser.token);
    const activity = await newActivity(t, organiser, { ...place(10), date: dayFromNow(6), name: 'Ridge run' });
    await t.ok('activity/backup-route', { activityId: activity.activityId, route: place(11).route }, organiser.token);
    clock = Date.parse(activity.startsAt) - 24 * HOUR + MINUTE;
    expect(await run()).toBe(1);
    const [alert] = await notificationsOf(organiser.id, 'ACTIVITY_WEATHER_ALERT', activity.activityId);
    expect(alert?.reason).toBe('24H GUSTS,RAIN,THUNDERSTORM KEEP,MOVE,SWITCH_BACKUP,CANCEL');

    // What the push service is handed: the text, the path, and one button per answer, each opening its choice.
    const sent: Parameters<PushChannel['send']>[1][] = [];
    const capture: PushChannel = {
      send: async (token, message) => {
        if (token === 'backup-phone') sent.push(message);
        return 'sent';
      },
    };
    await createPushSender({ db: t.db, log: t.app.log, channels: { web: capture, mobile: capture } }).drain();
    const path = `/view-activity/${activity.activityId}`;
    expect(sent).toEqual([
      {
        title: 'Cordata',
        body: 'Weather alert for Ridge run (starts in 24 h): gusts, rain, thunderstorms over your limits. Keep, move, switch to the backup route or cancel?',
        data: { type: 'ACTIVITY_WEATHER_ALERT', targetId: activity.activityId, notificationId: alert!.id, path },
        actions: [
          // Chrome shows the first two: the answers decided in one tap.
          { action: 'KEEP', title: 'Keep', path: `${path}?weather=KEEP` },
          { action: 'CANCEL', title: 'Cancel', path: `${path}?weather=CANCEL` },
          { action: 'SWITCH_BACKUP', title: 'Backup route', path: `${path}?weather=SWITCH_BACKUP` },
          { action: 'MOVE', title: 'Move', path: `${path}?weather=MOVE` },
        ],
        // The iOS category whose registered buttons the alert shows.
        category: 'WEATHER_ALERT_BACKUP',
      },
    ]);
    expect(pushActions('it', 'ACTIVITY_WEATHER_ALERT', '3H RAIN KEEP,MOVE,CANCEL', path).map((a) => a.title)).toEqual([
      'Confermo',
      'Annullo',
      'Sposto',
    ]);
    // An alert stored before backup routes existed offers the three answers; other pushes have no buttons.
    expect(pushActions('en', 'ACTIVITY_WEATHER_ALERT', '3H RAIN', path).map((a) => a.action)).toEqual([
      'KEEP',
      'CANCEL',
      'MOVE',
    ]);
    expect(pushActions('en', 'ACTIVITY_WEATHER_DECISION', 'KEEP', path)).toEqual([]);
    expect(
      pushText('it', 'ACTIVITY_WEATHER_ALERT', {
        target: 'Ridge run',
        reason: '3H RAIN KEEP,MOVE,SWITCH_BACKUP,CANCEL',
      }).body,
    ).toBe(
      'Allerta meteo per Ridge run (inizia tra 3 ore): pioggia oltre i tuoi limiti. Confermi, sposti, passi al percorso di riserva o annulli?',
    );
  });

  it('nothing runs, and nothing fails, without WEATHER_URL', async () => {
    const bare = await createTestApp({}, { now: () => new Date(clock) });
    try {
      const organiser = await newUser(bare);
      const activity = await newActivity(bare, organiser, { date: dayFromNow(1) });
      const { weather } = await bare.ok('activity/weather', { activityId: activity.activityId }, organiser.token);
      expect(weather).toMatchObject({ state: 'NOT_CONFIGURED', points: [], attribution: null, breaches: [] });
      expect(bare.modules.jobs.some((j) => j.name.startsWith('weather'))).toBe(false);
      clock = Date.parse(activity.startsAt) - 2 * HOUR;
      expect(await bare.modules.services.weather.alerts.run()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('the organiser’s decision', () => {
  const feedOf = async (token: string) => {
    const { url } = await t.ok('calendar/my-feed', undefined, token);
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    return res.body;
  };

  it('moving reaches participants (notification, push) and their calendar feed', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { ...place(7), date: dayFromNow(2), name: 'Lake loop' });
    const id = activity.activityId;
    const ann = await joined(id);
    await t.ok('user/update-notification-token', { token: 'ann-phone', platform: 'android' }, ann.token);

    expect((await t.call('activity/weather-decide', { activityId: id, choice: 'KEEP' }, ann.token)).status).toBe(403);
    const incomplete = await t.call('activity/weather-decide', { activityId: id, choice: 'MOVE' }, organiser.token);
    expect(incomplete.body).toMatchObject({ error: { code: 'WEATHER_MOVE_INCOMPLETE' } });

    const newDay = dayFromNow(5);
    const moved = await t.ok(
      'activity/weather-decide',
      { activityId: id, choice: 'MOVE', date: newDay, startTime: '10:00', endTime: '12:30' },
      organiser.token,
    );
    expect(moved.weather.decision?.choice).toBe('MOVE');
    const [told] = await notificationsOf(ann.id, 'ACTIVITY_WEATHER_DECISION', id);
    expect(told).toMatchObject({ reason: `MOVE ${newDay} 10:00`, actorId: organiser.id });
    const [push] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'ann-phone'));
    expect(push?.payload).toMatchObject({ type: 'ACTIVITY_WEATHER_DECISION', targetName: 'Lake loop' });
    expect(
      pushText('it', 'ACTIVITY_WEATHER_DECISION', { target: 'Lake loop', reason: `MOVE 2026-12-05 10:00` }).body,
    ).toBe('Lake loop è spostata per il meteo: ora il 05/12/2026 alle 10:00');

    const { activity: after } = await t.ok('activity/read-info', { activityId: id }, ann.token);
    expect(after).toMatchObject({ date: newDay, startTime: '10:00', endTime: '12:30' });
    const feed = await feedOf(ann.token);
    const start = new Date(after.startsAt).toISOString().replace(/[-:]/g, '').slice(0, 15);
    expect(feed).toContain(`DTSTART:${start}Z`);
    expect(feed).not.toContain('STATUS:CANCELLED');
  });

  it('switching to the backup route swaps the two, tells participants, and reaches their feed; switching back undoes it', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { ...place(12), date: dayFromNow(2), name: 'Col loop' });
    const id = activity.activityId;
    const ann = await joined(id);
    const none = await t.call('activity/weather-decide', { activityId: id, choice: 'SWITCH_BACKUP' }, organiser.token);
    expect([none.status, none.body.error?.code]).toEqual([409, 'NO_BACKUP_ROUTE']);
    expect(await notificationsOf(ann.id, 'ACTIVITY_WEATHER_DECISION', id)).toEqual([]);

    const backup = place(13).route;
    const { activity: planned } = await t.ok(
      'activity/backup-route',
      { activityId: id, route: backup },
      organiser.token,
    );
    expect(
      (await t.call('activity/weather-decide', { activityId: id, choice: 'SWITCH_BACKUP' }, ann.token)).status,
    ).toBe(403);
    const switched = await t.ok(
      'activity/weather-decide',
      { activityId: id, choice: 'SWITCH_BACKUP' },
      organiser.token,
    );
    expect(switched.weather.decision?.choice).toBe('SWITCH_BACKUP');
    // The forecast follows the new route: its meeting point is the backup's start.
    expect(switched.weather.points[0]).toMatchObject({ kind: 'START', latitude: backup.start.latitude });

    const { activity: after } = await t.ok('activity/read-info', { activityId: id }, ann.token);
    expect(after.route).toEqual(planned.backupRoute!.route);
    expect(after.totalDistance).toBe(planned.backupRoute!.totalDistance);
    expect(after.backupRoute?.route).toEqual(planned.route);
    expect(after.backupRoute?.totalDistance).toBe(planned.totalDistance);
    const [told] = await notificationsOf(ann.id, 'ACTIVITY_WEATHER_DECISION', id);
    expect(told).toMatchObject({ reason: 'SWITCH_BACKUP', actorId: organiser.id });
    expect(pushText('en', 'ACTIVITY_WEATHER_DECISION', { target: 'Col loop', reason: 'SWITCH_BACKUP' }).body).toBe(
      'Col loop takes the backup route because of the weather: check the new route',
    );
    expect(pushText('it', 'ACTIVITY_WEATHER_DECISION', { target: 'Col loop', reason: 'SWITCH_BACKUP' }).body).toBe(
      'Col loop passa al percorso di riserva per il meteo: guarda il nuovo percorso',
    );

    // The calendar feed reads the activity: the new start point and the new route's length on the next fetch.
    const event = (await feedOf(ann.token)).split('BEGIN:VEVENT').find((e) => e.includes(`UID:${id}`))!;
    expect(event).toContain(`GEO:${backup.start.latitude.toFixed(6)};${backup.start.longitude.toFixed(6)}`);
    expect(event).toContain('LOCATION:Trailhead 13');
    expect(event).toContain(`${(after.totalDistance / 1000).toFixed(1)} km`);

    await t.ok('activity/weather-decide', { activityId: id, choice: 'SWITCH_BACKUP' }, organiser.token);
    const { activity: back } = await t.ok('activity/read-info', { activityId: id }, ann.token);
    expect(back.route).toEqual(planned.route);
    expect(back.backupRoute).toEqual(planned.backupRoute);
  });

  it('keeping tells participants; cancelling takes it off every list, puts STATUS:CANCELLED in feeds, stops alerts', async () => {
    standIn.weather = () => STORM;
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { ...place(8), date: dayFromNow(2) });
    const id = activity.activityId;
    const ann = await joined(id);

    await t.ok('activity/weather-decide', { activityId: id, choice: 'KEEP' }, organiser.token);
    expect((await notificationsOf(ann.id, 'ACTIVITY_WEATHER_DECISION', id))[0]?.reason).toBe('KEEP');

    const feedBefore = await feedOf(ann.token);
    expect(feedBefore).toContain(`UID:${id}`);
    const cancelled = await t.ok('activity/weather-decide', { activityId: id, choice: 'CANCEL' }, organiser.token);
    expect(cancelled.weather).toMatchObject({ decision: { choice: 'CANCEL' } });
    expect((await notificationsOf(ann.id, 'ACTIVITY_WEATHER_DECISION', id)).map((n) => n.reason).sort()).toEqual([
      'CANCEL',
      'KEEP',
    ]);
    const feed = await feedOf(ann.token);
    const event = feed.split('BEGIN:VEVENT').find((e) => e.includes(`UID:${id}`));
    expect(event).toContain('STATUS:CANCELLED');
    // Gone, as a cancelled date of a series: its page says it is cancelled, and no further decision is taken.
    const page = await t.call('activity/read-info', { activityId: id }, ann.token);
    expect([page.status, page.body.error?.code]).toEqual([409, 'ACTIVITY_CANCELLED']);
    const again = await t.call('activity/weather-decide', { activityId: id, choice: 'KEEP' }, organiser.token);
    expect(again.status).toBe(404);

    clock = Date.parse(activity.startsAt) - 2 * HOUR;
    await t.modules.services.weather.alerts.run();
    expect(await notificationsOf(organiser.id, 'ACTIVITY_WEATHER_ALERT', id)).toEqual([]);
  });
});
