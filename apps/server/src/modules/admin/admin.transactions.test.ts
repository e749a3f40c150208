import { type AdminCallInput, type AdminCallName, adminCallPath } from '@cordata/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivityChat } from '../../../test/chat-factories.ts';
import { newUser } from '../../../test/factories.ts';
import { activities, auditLog, chats, reports, users } from '../../db/schema.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newUser(t, { role: 'ADMIN' });
  await t.db.execute(
    sql`create function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
  );
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function adminCall<K extends AdminCallName>(name: K, body: AdminCallInput<K>) {
  const res = await t.app.inject({
    method: 'POST',
    url: adminCallPath(name),
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return res.statusCode;
}

/** Runs `work` while the database refuses one kind of write (a trigger that raises), as a failing disk would. */
async function whileRefusing<T>(write: 'AUDIT' | 'REPORT_CLOSE', work: () => Promise<T>) {
  await t.db.execute(
    write === 'AUDIT'
      ? sql`create trigger refuse before insert on audit_log for each row execute function refuse_write()`
      : sql`create trigger refuse before update on reports for each row execute function refuse_write()`,
  );
  try {
    return await work();
  } finally {
    await t.db.execute(sql.raw(`drop trigger refuse on ${write === 'AUDIT' ? 'audit_log' : 'reports'}`));
  }
}

const report = async (targetType: 'USER' | 'ACTIVITY', targetId: string) => {
  const reporter = await newUser(t);
  await t.ok('report/create', { targetType, targetId, reason: 'SPAM' }, reporter.token);
};
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const reportStatuses = async (targetId: string) =>
  (await t.db.select().from(reports).where(eq(reports.targetId, targetId))).map((r) => r.status);
const auditOf = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
/** The person still signs in with their session, their report is still open, and no entry names them. */
async function expectUntouched(person: { id: string; token: string }) {
  expect((await t.call('user/own-profile', undefined, person.token)).status).toBe(200);
  expect(await reportStatuses(person.id)).toEqual(['OPEN']);
  expect(await auditOf(person.id)).toEqual([]);
}

describe('an action, its audit entry and the closing of its reports commit together or not at all', () => {
  it('keeps the account when the audit entry of its deletion cannot be written', async () => {
    const target = await newUser(t);
    await report('USER', target.id);
    const disconnect = vi.spyOn(t.core.realtime, 'disconnectUser');
    const status = await whileRefusing('AUDIT', () =>
      adminCall('users/delete', { userId: target.id, reason: 'Spam bot' }),
    );
    expect(status).toBe(500);
    const row = await userRow(target.id);
    expect([row.deletedAt, row.email]).toEqual([null, target.email]);
    await expectUntouched(target);
    // Nothing that follows a commit went out.
    expect(disconnect).not.toHaveBeenCalled();
  });

  it('keeps the account when the reports on it cannot be closed, from the queue or the directory', async () => {
    const target = await newUser(t);
    await report('USER', target.id);
    for (const call of [
      () =>
        adminCall('reports/resolve', {
          targetType: 'USER',
          targetId: target.id,
          action: 'DELETE_ACCOUNT',
          reason: 'Spam bot',
        }),
      () => adminCall('users/delete', { userId: target.id, reason: 'Spam bot' }),
    ]) {
      expect(await whileRefusing('REPORT_CLOSE', call)).toBe(500);
      expect((await userRow(target.id)).deletedAt).toBeNull();
    }
    await expectUntouched(target);
  });

  it('does not suspend when the reports cannot be closed, nor when the audit entry cannot be written', async () => {
    const target = await newUser(t);
    await report('USER', target.id);
    const disconnect = vi.spyOn(t.core.realtime, 'disconnectUser');
    const fromQueue = () =>
      adminCall('reports/resolve', {
        targetType: 'USER',
        targetId: target.id,
        action: 'SUSPEND_USER',
        reason: 'Fake profile',
        days: 7,
      });
    expect(await whileRefusing('REPORT_CLOSE', fromQueue)).toBe(500);
    expect(
      await whileRefusing('AUDIT', () => adminCall('users/suspend', { userId: target.id, days: 7, reason: 'Fake' })),
    ).toBe(500);
    const row = await userRow(target.id);
    expect([row.suspendedUntil, row.suspensionReason]).toEqual([null, null]);
    // The sessions were not ended either: they are revoked in the same transaction.
    await expectUntouched(target);
    expect(disconnect).not.toHaveBeenCalled();
  });

  it('does not remove an activity or close its chat when its reports cannot be closed', async () => {
    const creator = await newUser(t);
    const { activity, chatId } = await newActivityChat(t, creator);
    await report('ACTIVITY', activity.id);
    expect(
      await whileRefusing('REPORT_CLOSE', () =>
        adminCall('activities/remove', { activityId: activity.id, reason: 'Unsafe route' }),
      ),
    ).toBe(500);
    const [row] = await t.db.select().from(activities).where(eq(activities.id, activity.id));
    expect(row?.deletedAt).toBeNull();
    const [chat] = await t.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat?.closedAt).toBeNull();
    expect(await auditOf(activity.id)).toEqual([]);

    // With the database writing again, the same action goes through whole.
    expect(await adminCall('activities/remove', { activityId: activity.id, reason: 'Unsafe route' })).toBe(200);
    expect(await reportStatuses(activity.id)).toEqual(['RESOLVED']);
    expect((await auditOf(activity.id)).map((e) => e.action).sort()).toEqual(['ACTIVITY_REMOVE', 'REPORT_RESOLVE']);
  });
});
