import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { connections, userBlocks } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { admits, type Block, blockedPairSql, blockRules, type CallerFacts, createAccess } from './access.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof newUser>>;
const connect = (a: User, b: User) =>
  t.db.insert(connections).values({ requesterId: a.id, addresseeId: b.id, status: 'ACCEPTED', acceptedAt: new Date() });
const page = { page: 1, limit: 10 };

describe('security review L1: user/list-groups', () => {
  it('shows a closed group only to its members and to the person', async () => {
    const [member, outsider, fellow] = [await newUser(t), await newUser(t), await newUser(t)];
    const { group: closed } = await t.ok('group/create-new', { name: 'Secret club', type: 'CLOSED' }, member.token);
    const { group: open } = await t.ok('group/create-new', { name: 'Open club', type: 'OPEN' }, member.token);
    await connect(member, fellow);
    await t.ok('group/invite-users', { groupId: closed.groupId, userIds: [fellow.id] }, member.token);
    await t.ok('group/participate', { groupId: closed.groupId }, fellow.token);
    const listed = async (viewer: User) =>
      (await t.ok('user/list-groups', { userId: member.id, pagination: page }, viewer.token)).groups.map(
        (g) => g.groupId,
      );
    expect(await listed(outsider)).toEqual([open.groupId]);
    expect((await listed(fellow)).sort()).toEqual([closed.groupId, open.groupId].sort());
    expect((await listed(member)).sort()).toEqual([closed.groupId, open.groupId].sort());
  });
});

describe('security review L12: user/list-activities', () => {
  it('does not reveal participation in a private activity to someone only invited or requesting', async () => {
    const [admin, invited, participant] = [await newUser(t), await newUser(t), await newUser(t)];
    await connect(admin, invited);
    await connect(admin, participant);
    const activity = await newActivity(t, admin, {
      visibility: 'PRIVATE',
      invitedUserIds: [invited.id, participant.id],
    });
    await t.ok('activity/participate', { activityId: activity.activityId }, participant.token);
    const listed = async (viewer: User) =>
      (await t.ok('user/list-activities', { userId: admin.id, pagination: page }, viewer.token)).activities.map(
        (a) => a.activityId,
      );
    // The invited person sees the activity itself, but not who takes part in it.
    expect((await t.call('activity/read-info', { activityId: activity.activityId }, invited.token)).status).toBe(200);
    expect(await listed(invited)).toEqual([]);
    expect(await listed(participant)).toEqual([activity.activityId]);
  });
});

describe('security review L9: chats of removed content', () => {
  it('closes the history of a deleted activity to its former members', async () => {
    const [admin, runner] = [await newUser(t), await newUser(t)];
    const activity = await newActivity(t, admin);
    const { activity: joined } = await t.ok('activity/participate', { activityId: activity.activityId }, runner.token);
    const chatId = joined.chatId!;
    await t.ok('chat/send-message', { chatId, text: 'Hello', clientMessageId: crypto.randomUUID() }, admin.token);
    expect((await t.call('chat/list-messages', { chatId, limit: 30 }, runner.token)).status).toBe(200);
    await t.ok('activity/delete', { activityId: activity.activityId }, admin.token);
    const res = await t.call('chat/list-messages', { chatId, limit: 30 }, runner.token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('CHAT_NOT_FOUND');
    expect((await t.call('chat/set-as-read', { chatId }, runner.token)).status).toBe(404);
  });
});

describe('admits: what a call asks of its caller (issue 36)', () => {
  const facts = (f: Partial<CallerFacts> & { state?: 'PARTICIPATING' | 'INVITED'; admin?: boolean }): CallerFacts => ({
    visible: f.visible ?? true,
    member: f.state ? { state: f.state, isAdmin: f.admin ?? false } : null,
    blockedByOrganiser: f.blockedByOrganiser ?? false,
  });
  it.each([
    ['viewer', facts({ visible: false }), 'forbid', 'not found'],
    ['participant', facts({ visible: false, state: 'PARTICIPATING' }), 'forbid', 'not found'],
    ['viewer', facts({}), 'forbid', 'ok'],
    ['viewer', facts({ blockedByOrganiser: true }), 'forbid', 'ok'],
    ['participant', facts({ state: 'INVITED' }), 'forbid', 'forbidden'],
    ['participant', facts({ state: 'PARTICIPATING' }), 'forbid', 'ok'],
    ['participant', facts({ state: 'PARTICIPATING', blockedByOrganiser: true }), 'forbid', 'forbidden'],
    ['participant', facts({ state: 'PARTICIPATING', blockedByOrganiser: true }), 'allow', 'ok'],
    ['organiser', facts({ state: 'PARTICIPATING' }), 'forbid', 'forbidden'],
    ['organiser', facts({ state: 'INVITED', admin: true }), 'forbid', 'forbidden'],
    ['organiser', facts({ state: 'PARTICIPATING', admin: true }), 'forbid', 'ok'],
  ] as const)('as %s, %j, blocked %s: %s', (as, f, blocked, verdict) => {
    expect(admits(as, f, blocked)).toBe(verdict);
  });
});

describe('access.require (issue 36)', () => {
  const refusal = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    return { code: (err as ApiError).code, message: (err as ApiError).message };
  };

  it('answers 404 to whoever may not know the activity, 403 to whoever sees it but may not do this', async () => {
    const access = createAccess(t.db);
    const [admin, participant, invited, outsider] = [
      await newUser(t),
      await newUser(t),
      await newUser(t),
      await newUser(t),
    ];
    await connect(admin, participant);
    await connect(admin, invited);
    const { activityId } = await newActivity(t, admin, {
      access: 'CLOSED',
      visibility: 'PRIVATE',
      invitedUserIds: [participant.id, invited.id],
    });
    await t.ok('activity/participate', { activityId }, participant.token);

    const notFound = { code: 'ACTIVITY_NOT_FOUND', message: 'Activity not found' };
    for (const as of ['viewer', 'participant', 'organiser'] as const)
      expect(await refusal(access.require('activity', activityId, outsider.id, { as }))).toEqual(notFound);
    expect(await refusal(access.require('activity', crypto.randomUUID(), admin.id, { as: 'viewer' }))).toEqual(
      notFound,
    );

    const invitedSees = await access.require('activity', activityId, invited.id, { as: 'viewer' });
    expect(invitedSees.member?.state).toBe('INVITED');
    expect(await refusal(access.require('activity', activityId, invited.id, { as: 'participant' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'This is for the people taking part',
    });
    expect(await refusal(access.require('activity', activityId, participant.id, { as: 'organiser' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only organisers can do this',
    });

    const taking = await access.require('activity', activityId, participant.id, { as: 'participant' });
    expect([taking.activity.id, taking.isOrganiser]).toEqual([activityId, false]);
    const organising = await access.require('activity', activityId, admin.id, { as: 'organiser', lock: true });
    expect(organising.isOrganiser).toBe(true);
  });

  it('refuses a participant an organiser blocked participant-only calls, in the words anyone not taking part gets, unless the call allows them', async () => {
    const access = createAccess(t.db);
    const [admin, blocked] = [await newUser(t), await newUser(t)];
    const { activityId } = await newActivity(t, admin);
    await t.ok('activity/participate', { activityId }, blocked.token);
    await t.ok('user/block', { userId: blocked.id }, admin.token);

    expect(await refusal(access.require('activity', activityId, blocked.id, { as: 'participant' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'This is for the people taking part',
    });
    const allowed = await access.require('activity', activityId, blocked.id, { as: 'participant', blocked: 'allow' });
    expect(allowed.member?.state).toBe('PARTICIPATING');
    expect((await access.require('activity', activityId, blocked.id, { as: 'viewer' })).activity.id).toBe(activityId);
    // Only an organiser's block counts: the participant blocking the organiser changes nothing for either.
    await t.ok('user/unblock', { userId: blocked.id }, admin.token);
    await t.ok('user/block', { userId: admin.id }, blocked.token);
    expect((await access.require('activity', activityId, blocked.id, { as: 'participant' })).isOrganiser).toBe(false);
    expect((await access.require('activity', activityId, admin.id, { as: 'organiser' })).isOrganiser).toBe(true);
  });

  it('finds a cancelled date for nobody, its organiser and its participants included', async () => {
    const access = createAccess(t.db);
    const [admin, participant] = [await newUser(t), await newUser(t)];
    const { activityId } = await newActivity(t, admin, { repeat: { rule: 'FREQ=WEEKLY;COUNT=3' } });
    await t.ok('activity/participate', { activityId }, participant.token);
    await t.ok('series/cancel', { activityId, scope: 'THIS' }, admin.token);
    for (const [user, as] of [
      [participant, 'participant'],
      [admin, 'organiser'],
      [admin, 'viewer'],
    ] as const)
      expect((await refusal(access.require('activity', activityId, user.id, { as }))).code).toBe('ACTIVITY_NOT_FOUND');
  });
});

describe('blockRules.blockedPair (security review M-N3)', () => {
  it('is either of the two blocking the other, and its SQL face agrees for every pair', async () => {
    const [a, b, c, d] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    const blocks: Block[] = [
      { blockerId: a.id, blockedId: b.id },
      { blockerId: c.id, blockedId: a.id },
    ];
    await t.db.insert(userBlocks).values(blocks);
    const people = [a, b, c, d];
    for (const x of people) {
      for (const y of people) {
        const [row] = await queryRows<{ blocked: boolean }>(t.db, sql`select ${blockedPairSql(x.id, y.id)} as blocked`);
        expect(row!.blocked, `${people.indexOf(x)} and ${people.indexOf(y)}`).toBe(
          blockRules.blockedPair(blocks, x.id, y.id),
        );
      }
    }
    expect(blockRules.blockedPair(blocks, b.id, a.id)).toBe(true);
    expect(blockRules.blockedPair(blocks, a.id, c.id)).toBe(true);
    expect(blockRules.blockedPair(blocks, b.id, c.id)).toBe(false);
  });
});
