import {
  type AdminCallInput,
  type AdminCallName,
  type AdminCallResponse,
  adminCallNames,
  adminCallPath,
  adminCalls,
  type ErrorBody,
} from '@cordata/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivityChat } from '../../../test/chat-factories.ts';
import { newAccount, newUser } from '../../../test/factories.ts';
import {
  activities,
  activityMembers,
  auditLog,
  chats,
  groupMembers,
  groups,
  messages,
  reports,
  sports,
  users,
} from '../../db/schema.ts';
import { promoteToAdmin } from './admin-bootstrap.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof newUser>>;
let moderator: Awaited<ReturnType<typeof newUser>>;
let user: Awaited<ReturnType<typeof newUser>>;

async function adminCall<K extends AdminCallName>(name: K, body: AdminCallInput<K> | undefined, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: adminCallPath(name),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.statusCode, body: res.json() as AdminCallResponse<K> & Partial<ErrorBody> };
}
async function adminOk<K extends AdminCallName>(name: K, body: AdminCallInput<K> | undefined, token: string) {
  const res = await adminCall(name, body, token);
  if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
const auditOf = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

beforeAll(async () => {
  t = await createTestApp();
  admin = await newUser(t, { role: 'ADMIN' });
  moderator = await newUser(t, { role: 'MODERATOR' });
  user = await newUser(t);
});
afterAll(() => t.close());

describe('authorization', () => {
  it('refuses every admin call without a token (401) and to users (403), and admin-only calls to moderators', async () => {
    for (const name of adminCallNames) {
      const body = adminCalls[name].body ? {} : undefined;
      expect((await adminCall(name, body as never)).status, name).toBe(401);
      const asUser = await adminCall(name, body as never, user.token);
      expect([asUser.status, asUser.body.error?.code], name).toEqual([403, 'FORBIDDEN']);
      const asModerator = await adminCall(name, body as never, moderator.token);
      if (adminCalls[name].role === 'ADMIN') expect(asModerator.status, name).toBe(403);
      else expect(asModerator.status, name).not.toBe(403);
    }
  });

  it('refuses the detail views and their actions to users, and deleting or restoring to moderators', async () => {
    const person = await newUser(t);
    const { activity } = await newActivityChat(t, person);
    const [group] = await t.db
      .insert(groups)
      .values({ name: 'Trail club', type: 'OPEN', createdBy: person.id })
      .returning();
    const views = [
      ['users/get', { userId: person.id }],
      ['activities/get', { activityId: activity.id }],
      ['groups/get', { groupId: group!.id }],
    ] as const;
    for (const [name, body] of views) {
      const asUser = await adminCall(name, body, user.token);
      expect([asUser.status, asUser.body.error?.code], name).toEqual([403, 'FORBIDDEN']);
      expect((await adminCall(name, body, moderator.token)).status, name).toBe(200);
    }
    const reason = 'Checking the rules';
    const adminOnly = [
      ['users/delete', { userId: person.id, reason }],
      ['users/set-role', { userId: person.id, role: 'MODERATOR', reason }],
      ['activities/restore', { activityId: activity.id, reason }],
      ['groups/restore', { groupId: group!.id, reason }],
    ] as const;
    for (const [name, body] of adminOnly) {
      for (const token of [user.token, moderator.token]) {
        const res = await adminCall(name, body, token);
        expect([res.status, res.body.error?.code], name).toEqual([403, 'FORBIDDEN']);
      }
    }
    for (const [name, body] of [
      ['users/suspend', { userId: person.id, days: 1, reason }],
      ['users/reinstate', { userId: person.id, reason }],
      ['activities/remove', { activityId: activity.id, reason }],
      ['groups/remove', { groupId: group!.id, reason }],
    ] as const) {
      expect((await adminCall(name, body, user.token)).status, name).toBe(403);
    }
    // Nothing was written for the refused calls.
    expect(await auditOf(person.id)).toEqual([]);
    expect(await auditOf(activity.id)).toEqual([]);
    expect(await auditOf(group!.id)).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect([row?.role, row?.deletedAt, row?.suspendedUntil]).toEqual(['USER', null, null]);
  });

  it('answers me/get with the operator', async () => {
    const { user: me } = await adminOk('me/get', undefined, moderator.token);
    expect(me).toMatchObject({ userId: moderator.id, role: 'MODERATOR', email: moderator.email });
  });

  it('lets a moderator suspend for at most 30 days, and never another moderator or admin', async () => {
    const target = await newUser(t);
    const long = await adminCall('users/suspend', { userId: target.id, days: 31, reason: 'spam' }, moderator.token);
    expect(long.status).toBe(403);
    const peer = await adminCall('users/suspend', { userId: admin.id, days: 1, reason: 'nope' }, moderator.token);
    expect(peer.status).toBe(403);
    const self = await adminCall('users/set-role', { userId: admin.id, role: 'USER', reason: 'oops' }, admin.token);
    expect(self.status).toBe(403);
  });
});

describe('the first admin', () => {
  it('is promoted by e-mail, with an audit entry; an unknown address says so', async () => {
    const account = await newUser(t);
    expect(await promoteToAdmin(t.db, account.email.toUpperCase())).toBe('PROMOTED');
    expect(await promoteToAdmin(t.db, account.email)).toBe('ALREADY_ADMIN');
    expect(await promoteToAdmin(t.db, 'nobody@example.test')).toBe('NOT_FOUND');
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, account.id));
    expect(row?.role).toBe('ADMIN');
    expect((await auditOf(account.id)).map((e) => e.action)).toEqual(['USER_SET_ROLE']);
  });

  it('promotes only a confirmed address, and ADMIN_EMAIL only once (review L11)', async () => {
    const unconfirmed = await newUser(t);
    await t.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, unconfirmed.id));
    expect(await promoteToAdmin(t.db, unconfirmed.email)).toBe('NOT_CONFIRMED');
    const operator = await newUser(t);
    expect(await promoteToAdmin(t.db, operator.email, { once: true })).toBe('PROMOTED');
    // Another admin demotes them; the next start does not promote them again.
    await t.db.update(users).set({ role: 'USER' }).where(eq(users.id, operator.id));
    expect(await promoteToAdmin(t.db, operator.email, { once: true })).toBe('ALREADY_DONE');
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, operator.id));
    expect(row?.role).toBe('USER');
  });
});

describe('lifting suspensions (review M7)', () => {
  it('a moderator lifts only what a moderator imposed, and never on staff', async () => {
    const abuser = await newUser(t);
    await adminOk('users/suspend', { userId: abuser.id, days: 3650, reason: 'Repeated abuse' }, admin.token);
    const refused = await adminCall('users/reinstate', { userId: abuser.id, reason: 'appeal ok' }, moderator.token);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'FORBIDDEN']);

    const rogue = await newUser(t, { role: 'MODERATOR' });
    await adminOk('users/suspend', { userId: rogue.id, days: 30, reason: 'Rogue' }, admin.token);
    const onStaff = await adminCall('users/reinstate', { userId: rogue.id, reason: 'appeal ok' }, moderator.token);
    expect(onStaff.status).toBe(403);

    const minor = await newUser(t);
    await adminOk('users/suspend', { userId: minor.id, days: 7, reason: 'Spam' }, moderator.token);
    await adminOk('users/reinstate', { userId: minor.id, reason: 'Appeal accepted' }, moderator.token);
    await adminOk('users/reinstate', { userId: abuser.id, reason: 'Appeal accepted' }, admin.token);
  });
});

describe('report lifecycle', () => {
  it('queues reports by target with their count and context, and dismissing closes them all', async () => {
    const target = await newUser(t, { firstName: 'Spammy' });
    for (const reporter of [await newUser(t), await newUser(t)]) {
      await t.ok('report/create', { targetType: 'USER', targetId: target.id, reason: 'SPAM' }, reporter.token);
    }
    const { targets } = await adminOk('reports/list', {}, moderator.token);
    const entry = targets.find((x) => x.targetId === target.id);
    expect(entry).toMatchObject({ targetType: 'USER', openCount: 2, reportCount: 2 });
    expect(entry?.context?.user).toMatchObject({ firstName: 'Spammy', reportCount: 2 });
    expect(targets[0]!.openCount).toBeGreaterThanOrEqual(entry!.openCount);

    const res = await adminOk(
      'reports/resolve',
      { targetType: 'USER', targetId: target.id, action: 'DISMISS', reason: 'Not spam' },
      moderator.token,
    );
    expect(res.closed).toBe(2);
    const rows = await t.db.select().from(reports).where(eq(reports.targetId, target.id));
    expect(rows.every((r) => r.status === 'DISMISSED' && r.resolvedBy === moderator.id)).toBe(true);
    expect((await auditOf(target.id)).map((e) => [e.action, e.actorId, e.reason])).toEqual([
      ['REPORT_DISMISS', moderator.id, 'Not spam'],
    ]);
    const again = await adminCall(
      'reports/resolve',
      { targetType: 'USER', targetId: target.id, action: 'DISMISS', reason: 'Again' },
      moderator.token,
    );
    expect(again.status).toBe(404);
  });

  it('removes a message, showing it with the five messages around it', async () => {
    const [sender, member] = [await newUser(t), await newUser(t)];
    const { chatId } = await newActivityChat(t, sender, [member]);
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      const { message } = await t.ok(
        'chat/send-message',
        { chatId, text: `message ${i}`, clientMessageId: `m${i}` },
        sender.token,
      );
      ids.push(message.messageId);
    }
    const reported = ids[5]!;
    await t.ok('report/create', { targetType: 'MESSAGE', targetId: reported, reason: 'HARASSMENT' }, member.token);
    const { targets } = await adminOk('reports/list', {}, moderator.token);
    const context = targets.find((x) => x.targetId === reported)?.context;
    expect(context?.message?.text).toBe('message 5');
    expect(context?.message?.before.map((m) => m.text)).toEqual([
      'message 0',
      'message 1',
      'message 2',
      'message 3',
      'message 4',
    ]);
    expect(context?.message?.after.map((m) => m.text)).toEqual([
      'message 6',
      'message 7',
      'message 8',
      'message 9',
      'message 10',
    ]);
    expect(context?.owner?.userId).toBe(sender.id);

    await adminOk(
      'reports/resolve',
      { targetType: 'MESSAGE', targetId: reported, action: 'REMOVE_CONTENT', reason: 'Insults' },
      moderator.token,
    );
    const [row] = await t.db.select().from(messages).where(eq(messages.id, reported));
    expect(row?.removedAt).not.toBeNull();
    const list = await t.ok('chat/list-messages', { chatId }, member.token);
    expect(list.messages.find((m) => m.messageId === reported)?.text).toBe('');
    expect((await auditOf(reported)).map((e) => e.action).sort()).toEqual(['MESSAGE_REMOVE', 'REPORT_RESOLVE']);
  });

  it('removes an activity (hidden, chat closed) and an admin restores it', async () => {
    const [creator, reporter] = [await newUser(t), await newUser(t)];
    const { activity, chatId } = await newActivityChat(t, creator);
    await t.ok('report/create', { targetType: 'ACTIVITY', targetId: activity.id, reason: 'DANGEROUS' }, reporter.token);
    await adminOk(
      'reports/resolve',
      { targetType: 'ACTIVITY', targetId: activity.id, action: 'REMOVE_CONTENT', reason: 'Unsafe route' },
      moderator.token,
    );
    const [row] = await t.db.select().from(activities).where(eq(activities.id, activity.id));
    expect(row?.deletedAt).not.toBeNull();
    const [chat] = await t.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat?.closedAt).not.toBeNull();
    expect((await t.call('activity/read-info', { activityId: activity.id }, reporter.token)).status).toBe(404);

    expect(
      (await adminCall('activities/restore', { activityId: activity.id, reason: 'Fixed' }, moderator.token)).status,
    ).toBe(403);
    const restored = await adminOk('activities/restore', { activityId: activity.id, reason: 'Fixed' }, admin.token);
    expect(restored.activity.deletedAt).toBeNull();
    expect((await auditOf(activity.id)).map((e) => e.action).sort()).toEqual([
      'ACTIVITY_REMOVE',
      'ACTIVITY_RESTORE',
      'REPORT_RESOLVE',
    ]);
  });

  it('suspends the owner: their sessions end and sign-in says until when and why; reinstating clears it', async () => {
    const account = await newAccount(t);
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    const signIn = () => t.call('auth/email/sign-in', { email: account.email, password: account.password });
    const { jwt } = (await signIn()).body as { jwt: string };
    const reporter = await newUser(t);
    await t.ok('report/create', { targetType: 'USER', targetId: row!.id, reason: 'FAKE' }, reporter.token);

    const noDays = await adminCall(
      'reports/resolve',
      { targetType: 'USER', targetId: row!.id, action: 'SUSPEND_USER', reason: 'Fake profile' },
      moderator.token,
    );
    expect(noDays.status).toBe(400);
    await adminOk(
      'reports/resolve',
      { targetType: 'USER', targetId: row!.id, action: 'SUSPEND_USER', reason: 'Fake profile', days: 7 },
      moderator.token,
    );
    expect((await t.call('user/own-profile', undefined, jwt)).status).toBe(401);
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('ACCOUNT_SUSPENDED');
    expect(refused.body.error?.details).toMatchObject({ reason: 'Fake profile' });
    const until = Date.parse(String(refused.body.error?.details?.until));
    expect(until - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const found = await adminOk('users/search', { suspended: true, query: account.email }, moderator.token);
    expect(found.users.map((u) => u.userId)).toEqual([row!.id]);
    await adminOk('users/reinstate', { userId: row!.id, reason: 'Appeal accepted' }, moderator.token);
    expect((await signIn()).status).toBe(200);
    expect((await auditOf(row!.id)).map((e) => e.action).sort()).toEqual([
      'REPORT_RESOLVE',
      'USER_REINSTATE',
      'USER_SUSPEND',
    ]);
  });

  it('deletes the account behind a report (admins only)', async () => {
    const [target, reporter] = [await newUser(t), await newUser(t)];
    await t.ok('report/create', { targetType: 'USER', targetId: target.id, reason: 'SPAM' }, reporter.token);
    const body = { targetType: 'USER', targetId: target.id, action: 'DELETE_ACCOUNT', reason: 'Spam bot' } as const;
    expect((await adminCall('reports/resolve', body, moderator.token)).status).toBe(403);
    expect((await adminOk('reports/resolve', body, admin.token)).closed).toBe(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.deletedAt).not.toBeNull();
    expect((await t.call('user/own-profile', undefined, target.token)).status).toBe(401);
    expect((await auditOf(target.id)).map((e) => e.action).sort()).toEqual(['REPORT_RESOLVE', 'USER_DELETE']);
  });
});

describe('acting from a directory or a detail page', () => {
  it('settles the open reports on that person or activity, as the queue would', async () => {
    const [person, creator, reporter] = [await newUser(t), await newUser(t), await newUser(t)];
    await t.ok('report/create', { targetType: 'USER', targetId: person.id, reason: 'HARASSMENT' }, reporter.token);
    await adminOk('users/suspend', { userId: person.id, days: 2, reason: 'Seen in the chat' }, moderator.token);
    const [userReport] = await t.db.select().from(reports).where(eq(reports.targetId, person.id));
    expect(userReport).toMatchObject({ status: 'RESOLVED', resolution: 'SUSPEND_USER', resolvedBy: moderator.id });
    expect((await auditOf(person.id)).map((e) => e.action).sort()).toEqual(['REPORT_RESOLVE', 'USER_SUSPEND']);

    const { activity } = await newActivityChat(t, creator);
    await t.ok('report/create', { targetType: 'ACTIVITY', targetId: activity.id, reason: 'DANGEROUS' }, reporter.token);
    await adminOk('activities/remove', { activityId: activity.id, reason: 'Unsafe route' }, moderator.token);
    const [activityReport] = await t.db.select().from(reports).where(eq(reports.targetId, activity.id));
    expect(activityReport).toMatchObject({ status: 'RESOLVED', resolution: 'REMOVE_CONTENT' });
    const { targets: queue } = await adminOk('reports/list', {}, moderator.token);
    expect(queue.some((x) => x.targetId === person.id || x.targetId === activity.id)).toBe(false);

    // Nothing reported: no report entry in the audit log, only the action.
    const quiet = await newUser(t);
    await adminOk('users/suspend', { userId: quiet.id, days: 1, reason: 'Spam links' }, moderator.token);
    expect((await auditOf(quiet.id)).map((e) => e.action)).toEqual(['USER_SUSPEND']);
  });
});

describe('directories, sports, figures and the audit log', () => {
  it('views a person with counts and reports, and sets a role', async () => {
    const person = await newUser(t, { firstName: 'Giulia' });
    const view = await adminOk('users/get', { userId: person.id }, moderator.token);
    expect(view.user).toMatchObject({ firstName: 'Giulia', role: 'USER', reportCount: 0 });
    expect(view.counts).toEqual({ activitiesCreated: 0, activitiesJoined: 0, groups: 0, messages: 0 });
    expect(view.profile).toEqual({
      city: 'Milano',
      country: 'Italy',
      language: 'en',
      emailConfirmed: true,
      completed: true,
    });
    expect(view.reportsMade).toEqual([]);
    const { user: promoted } = await adminOk(
      'users/set-role',
      { userId: person.id, role: 'MODERATOR', reason: 'Helps' },
      admin.token,
    );
    expect(promoted.role).toBe('MODERATOR');
    const [entry] = await auditOf(person.id);
    expect(entry).toMatchObject({
      action: 'USER_SET_ROLE',
      actorId: admin.id,
      details: { from: 'USER', to: 'MODERATOR' },
    });
  });

  it('views a person with what they created, joined and wrote, and the reports about them and by them', async () => {
    const [person, friend, reporter] = [await newUser(t), await newUser(t), await newUser(t)];
    const { activity, chatId } = await newActivityChat(t, person, [friend]);
    await t.db.insert(activityMembers).values([
      { activityId: activity.id, userId: person.id, state: 'PARTICIPATING', isAdmin: true, joinedAt: new Date() },
      { activityId: activity.id, userId: friend.id, state: 'PARTICIPATING', joinedAt: new Date() },
    ]);
    const { activity: joined } = await newActivityChat(t, friend);
    await t.db
      .insert(activityMembers)
      .values({ activityId: joined.id, userId: person.id, state: 'PARTICIPATING', joinedAt: new Date() });
    const [group] = await t.db
      .insert(groups)
      .values({ name: 'Hikers', type: 'OPEN', createdBy: friend.id })
      .returning();
    await t.db.insert(groupMembers).values([
      { groupId: group!.id, userId: friend.id, state: 'PARTICIPATING', isAdmin: true, joinedAt: new Date() },
      { groupId: group!.id, userId: person.id, state: 'PARTICIPATING', isAdmin: true, joinedAt: new Date() },
      { groupId: group!.id, userId: reporter.id, state: 'REQUESTED' },
    ]);
    for (let i = 0; i < 3; i++) {
      await t.ok('chat/send-message', { chatId, text: `hello ${i}`, clientMessageId: `p${i}` }, person.token);
    }
    await t.ok('report/create', { targetType: 'USER', targetId: person.id, reason: 'SPAM' }, reporter.token);
    await t.ok('report/create', { targetType: 'USER', targetId: friend.id, reason: 'FAKE' }, person.token);
    await t.ok('report/create', { targetType: 'GROUP', targetId: group!.id, reason: 'OTHER' }, person.token);

    const view = await adminOk('users/get', { userId: person.id }, moderator.token);
    expect(view.counts).toEqual({ activitiesCreated: 1, activitiesJoined: 2, groups: 1, messages: 3 });
    expect(view.reports.map((r) => [r.reason, r.reporter?.userId, r.status])).toEqual([['SPAM', reporter.id, 'OPEN']]);
    expect(view.reportsMade.map((r) => [r.targetType, r.targetId, r.reason]).sort()).toEqual(
      [
        ['GROUP', group!.id, 'OTHER'],
        ['USER', friend.id, 'FAKE'],
      ].sort(),
    );

    const a = await adminOk('activities/get', { activityId: activity.id }, moderator.token);
    expect(a.activity).toMatchObject({ name: activity.name, participantCount: 2, creator: { userId: person.id } });
    expect(a.admins.map((u) => u.userId)).toEqual([person.id]);
    const g = await adminOk('groups/get', { groupId: group!.id }, moderator.token);
    expect(g.group).toMatchObject({ name: 'Hikers', memberCount: 2, reportCount: 1 });
    // The creator first, then the other admins; a pending request is not a member.
    expect(g.admins.map((u) => u.userId)).toEqual([friend.id, person.id]);
    expect(g.reports.map((r) => r.reporter?.userId)).toEqual([person.id]);
    const missing = await adminCall('groups/get', { groupId: '0190a0a0-0000-7000-8000-000000000000' }, moderator.token);
    expect([missing.status, missing.body.error?.code]).toEqual([404, 'GROUP_NOT_FOUND']);
  });

  it('adds, renames and deletes an unused sport; a sport in use is retired', async () => {
    const created = await adminOk(
      'sports/create',
      { sportId: 'sup', names: { en: 'Paddleboarding', it: 'SUP' }, icon: 'sup', intensityKinds: ['TIME'] },
      admin.token,
    );
    expect(created.sport).toMatchObject({ sportId: 'sup', retiredAt: null, usage: { users: 0, activities: 0 } });
    const dup = await adminCall(
      'sports/create',
      { sportId: 'sup', names: { en: 'Paddle', it: 'SUP' }, icon: 'sup', intensityKinds: ['TIME'] },
      admin.token,
    );
    expect(dup.status).toBe(409);
    const renamed = await adminOk(
      'sports/update',
      { sportId: 'sup', names: { en: 'Stand-up paddle', it: 'SUP' } },
      admin.token,
    );
    expect(renamed.sport.names.en).toBe('Stand-up paddle');
    expect((await adminOk('sports/delete', { sportId: 'sup' }, admin.token)).outcome).toBe('DELETED');
    expect((await adminOk('sports/delete', { sportId: 'running' }, admin.token)).outcome).toBe('RETIRED');
    const [running] = await t.db.select().from(sports).where(eq(sports.id, 'running'));
    expect(running?.retiredAt).not.toBeNull();
    await adminOk('sports/update', { sportId: 'running', retired: false }, admin.token);
    expect((await auditOf('sup')).map((e) => e.action).sort()).toEqual([
      'SPORT_CREATE',
      'SPORT_DELETE',
      'SPORT_UPDATE',
    ]);
  });

  it('counts sign-ups, active users, activities and messages per day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const before = await adminOk('figures/get', {}, moderator.token);
    expect(before.days).toHaveLength(30);
    expect(before.to).toBe(today);
    const person = await newUser(t);
    await t.ok('user/last-online-at', undefined, person.token);
    await t.ok('user/last-online-at', undefined, person.token);
    const after = await adminOk('figures/get', { from: today, to: today }, moderator.token);
    expect(after.days).toHaveLength(1);
    expect(after.days[0]!.signUps).toBe(before.days.at(-1)!.signUps + 1);
    expect(after.days[0]!.activeUsers).toBe(before.days.at(-1)!.activeUsers + 1);
    expect(after.days[0]!.messagesSent).toBeGreaterThanOrEqual(11);
    expect(after.openReports).toBeGreaterThanOrEqual(0);
    const bad = await adminCall('figures/get', { from: today, to: '2020-01-01' }, moderator.token);
    expect(bad.status).toBe(400);
  });

  it('lists the audit log, newest first, for admins', async () => {
    const { entries } = await adminOk('audit/list', { actorId: moderator.id }, admin.token);
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.every((e) => e.actor?.userId === moderator.id)).toBe(true);
    const times = entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
