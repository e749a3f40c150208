import { groupFeedPath } from '@cordata/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname });
const eventCount = (ics: string) => ics.match(/BEGIN:VEVENT/g)?.length ?? 0;

describe('add to calendar', () => {
  it('gives one activity as a file, in UTC from the time zone it was planned in', async () => {
    const creator = await newUser(t);
    const activity = await newActivity(t, creator, {
      name: 'Giro del Lago àlba',
      date: '2027-01-15',
      startTime: '09:00',
      endTime: '11:30',
      timeZone: 'Europe/Rome',
    });
    const reader = await newUser(t);
    const { fileName, ics } = await t.ok('calendar/activity-ics', { activityId: activity.activityId }, reader.token);
    expect(fileName).toBe('giro-del-lago-alba-2027-01-15.ics');
    expect(ics).toContain('DTSTART:20270115T080000Z');
    expect(ics).toContain('DTEND:20270115T103000Z');
    expect(ics).toContain('SUMMARY:Giro del Lago àlba');
    expect(ics).toContain('LOCATION:Piazza del Duomo\\, Milano');
    expect(eventCount(ics)).toBe(1);
  });

  it('gives the place as LOCATION, escaped, or the coordinates where the start has no address', async () => {
    const creator = await newUser(t);
    const start = { latitude: 45.4642, longitude: 9.19 };
    const route = (address?: string) => ({
      mode: 'POINTS' as const,
      start: { ...start, ...(address === undefined ? {} : { address }) },
      destination: { latitude: 45.4728, longitude: 9.1797 },
      routeSteps: [{ latitude: 45.468, longitude: 9.185 }],
    });
    const named = await newActivity(t, creator, { route: route('Bar Sport; gate 2, Milano') });
    const reader = await newUser(t);
    const { ics } = await t.ok('calendar/activity-ics', { activityId: named.activityId }, reader.token);
    expect(ics).toContain('LOCATION:Bar Sport\\; gate 2\\, Milano\r\n');
    expect(ics).toContain('GEO:45.464200;9.190000\r\n');

    const bare = await newActivity(t, creator, { route: route() });
    const file = await t.ok('calendar/activity-ics', { activityId: bare.activityId }, reader.token);
    expect(file.ics).toContain('LOCATION:45.464200\\, 9.190000\r\n');
  });

  it("gives a closed activity's outsider the meeting area, never the address; a participant the address", async () => {
    const creator = await newUser(t);
    const closed = await newActivity(t, creator, { access: 'CLOSED' });
    const outsider = await newUser(t);
    const area = (await t.ok('activity/read-info', { activityId: closed.activityId }, outsider.token)).activity
      .meetingArea!;
    const { ics } = await t.ok('calendar/activity-ics', { activityId: closed.activityId }, outsider.token);
    expect(ics).toContain(`LOCATION:${area.latitude.toFixed(6)}\\, ${area.longitude.toFixed(6)} (± 500 m)\r\n`);
    expect(ics).toContain(`GEO:${area.latitude.toFixed(6)};${area.longitude.toFixed(6)}\r\n`);
    expect(ics).not.toContain('Duomo');
    expect(ics).not.toContain('45.464200');

    const { ics: own } = await t.ok('calendar/activity-ics', { activityId: closed.activityId }, creator.token);
    expect(own).toContain('LOCATION:Piazza del Duomo\\, Milano\r\n');
  });

  it("leaves out the place, from the file and the group feed, where the organiser's privacy zone holds it", async () => {
    const creator = await newUser(t);
    await t.ok('privacy/add-zone', { latitude: 45.4642, longitude: 9.19, radiusMetres: 400 }, creator.token);
    const { group } = await t.ok('group/create-new', { name: 'Zone club', type: 'OPEN' }, creator.token);
    const open = await newActivity(t, creator, { name: 'From home', groupId: group.groupId });
    const closed = await newActivity(t, creator, { name: 'From home, closed', access: 'CLOSED' });
    const reader = await newUser(t);
    for (const activity of [open, closed]) {
      const { ics } = await t.ok('calendar/activity-ics', { activityId: activity.activityId }, reader.token);
      expect(ics).toContain('SUMMARY:From home');
      expect(ics).not.toMatch(/^(LOCATION|GEO):/m);
    }
    const feed = (await t.app.inject({ method: 'GET', url: groupFeedPath('cordata', group.groupId) })).body;
    expect(feed).toContain('SUMMARY:From home');
    expect(feed).not.toMatch(/^(LOCATION|GEO):/m);
    // The organiser's own zones never hide their own start from them.
    const { ics: own } = await t.ok('calendar/activity-ics', { activityId: open.activityId }, creator.token);
    expect(own).toContain('LOCATION:Piazza del Duomo\\, Milano\r\n');
  });

  it('is refused for a private activity the caller may not see, as if it did not exist', async () => {
    const creator = await newUser(t);
    const hidden = await newActivity(t, creator, { visibility: 'PRIVATE' });
    const stranger = await newUser(t);
    const res = await t.call('calendar/activity-ics', { activityId: hidden.activityId }, stranger.token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('ACTIVITY_NOT_FOUND');
  });
});

describe('my calendar feed', () => {
  it('lists what I take part in, for a calendar app without a token, until I reset it', async () => {
    const me = await newUser(t);
    const other = await newUser(t);
    const joined = await newActivity(t, other, { name: 'Joined ride', date: dayFromNow(4) });
    await t.ok('activity/participate', { activityId: joined.activityId }, me.token);
    await newActivity(t, me, { name: 'My own hike', date: dayFromNow(2) });
    await newActivity(t, other, { name: 'Not mine' });

    const { url } = await t.ok('calendar/my-feed', undefined, me.token);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('SUMMARY:My own hike');
    expect(res.body).toContain('SUMMARY:Joined ride');
    expect(res.body).not.toContain('Not mine');
    expect(res.body.indexOf('My own hike')).toBeLessThan(res.body.indexOf('Joined ride'));

    // Someone else's id with my token, or a token made up, gets nothing.
    const forged = url.replace(/people\/[^/]+\//, `people/${other.id}/`);
    expect((await fetchFeed(forged)).statusCode).toBe(404);
    expect((await fetchFeed(url.replace(/[\w-]{32}\.ics$/, `${'a'.repeat(32)}.ics`))).statusCode).toBe(404);

    const again = await t.ok('calendar/my-feed', undefined, me.token);
    expect(again.url).toBe(url);
    const reset = await t.ok('calendar/reset-my-feeds', undefined, me.token);
    expect(reset.url).not.toBe(url);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await fetchFeed(reset.url)).statusCode).toBe(200);
  });

  it('stops answering once the account is deleted', async () => {
    const me = await newUser(t);
    const { url } = await t.ok('calendar/my-feed', undefined, me.token);
    await t.db.execute(`update users set deleted_at = now() where id = '${me.id}'`);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });
});

describe('group calendar feeds', () => {
  it("lists an open group's public activities, without a token", async () => {
    const admin = await newUser(t);
    const { group } = await t.ok('group/create-new', { name: 'Trail club', type: 'OPEN' }, admin.token);
    await newActivity(t, admin, { name: 'Sunday long run', groupId: group.groupId });
    await newActivity(t, admin, { name: 'Secret session', groupId: group.groupId, visibility: 'PRIVATE' });
    const res = await t.app.inject({ method: 'GET', url: groupFeedPath('cordata', group.groupId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('X-WR-CALNAME:Trail club');
    expect(res.body).toContain('SUMMARY:Sunday long run');
    expect(res.body).not.toContain('Secret session');
    expect(eventCount(res.body)).toBe(1);

    // A stranger asking for the feed gets the public one; a member gets theirs, private activities included.
    const stranger = await newUser(t);
    const forStranger = await t.ok('calendar/group-feed', { groupId: group.groupId }, stranger.token);
    expect(new URL(forStranger.url).pathname).toBe(groupFeedPath('cordata', group.groupId));
    const forAdmin = await t.ok('calendar/group-feed', { groupId: group.groupId }, admin.token);
    const own = await fetchFeed(forAdmin.url);
    expect(own.body).toContain('Secret session');
    expect(eventCount(own.body)).toBe(2);
  });

  it("gives a closed group's feed to its members only, and ends it when they leave", async () => {
    const admin = await newUser(t);
    const member = await newUser(t);
    const { group } = await t.ok('group/create-new', { name: 'Closed club', type: 'CLOSED' }, admin.token);
    await t.ok('group/request-access', { groupId: group.groupId }, member.token);
    await t.ok('group/accept-request', { groupId: group.groupId, userId: member.id }, admin.token);
    await newActivity(t, admin, { name: 'Club outing', groupId: group.groupId, visibility: 'PRIVATE' });

    const stranger = await newUser(t);
    const refused = await t.call('calendar/group-feed', { groupId: group.groupId }, stranger.token);
    expect(refused.status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: groupFeedPath('cordata', group.groupId) })).statusCode).toBe(404);

    const { url } = await t.ok('calendar/group-feed', { groupId: group.groupId }, member.token);
    expect((await fetchFeed(url)).body).toContain('SUMMARY:Club outing');
    await t.ok('group/exit', { groupId: group.groupId }, member.token);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });

  it('has no feed for a missing group or a bad name', async () => {
    const me = await newUser(t);
    const missing = await t.call('calendar/group-feed', { groupId: '0190f7d0-0000-7000-8000-000000000000' }, me.token);
    expect(missing.status).toBe(404);
    for (const url of [
      groupFeedPath('cordata', '0190f7d0-0000-7000-8000-000000000000'),
      '/api/space/cordata/calendar/groups/..%2F..%2Fetc.ics',
      '/api/space/cordata/calendar/groups/x.ics',
      '/api/space/cordata/calendar/people/x/y.ics',
      `/api/space/cordata/calendar/groups/x/${me.id}/${'a'.repeat(32)}.ics`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
