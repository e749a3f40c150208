import { groupFeedPath } from '@cordata/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('public group calendar feeds', () => {
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
    expect(res.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('has no feed for a closed group, a missing one or a bad name', async () => {
    const admin = await newUser(t);
    const { group } = await t.ok('group/create-new', { name: 'Closed club', type: 'CLOSED' }, admin.token);
    for (const url of [
      groupFeedPath('cordata', group.groupId),
      groupFeedPath('cordata', '0190f7d0-0000-7000-8000-000000000000'),
      '/api/space/cordata/calendar/groups/..%2F..%2Fetc.ics',
      '/api/space/cordata/calendar/groups/x.ics',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
