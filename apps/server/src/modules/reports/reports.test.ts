import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivityChat } from '../../../test/chat-factories.ts';
import { newUser } from '../../../test/factories.ts';
import { activities, reports } from '../../db/schema.ts';
import { newGroup } from '../activities/activities.test-helpers.ts';
import { REPORTS_PER_HOUR } from './reports.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'true' });
});
afterAll(() => t.close());

describe('report/create', () => {
  it('files one report per reporter and target, and refuses the second with 409', async () => {
    const [reporter, target] = [await newUser(t), await newUser(t)];
    const body = { targetType: 'USER', targetId: target.id, reason: 'SPAM', details: '  buy now  ' } as const;
    const { reportId } = await t.ok('report/create', body, reporter.token);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row).toMatchObject({ reporterId: reporter.id, targetId: target.id, status: 'OPEN', details: 'buy now' });

    const again = await t.call('report/create', { ...body, reason: 'FAKE' }, reporter.token);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('ALREADY_REPORTED');
    // Another person may still report the same target.
    await t.ok('report/create', body, (await newUser(t)).token);
  });

  it('answers 404 for what the reporter cannot see', async () => {
    const [reporter, creator] = [await newUser(t), await newUser(t)];
    const { activity, chatId } = await newActivityChat(t, creator);
    await t.db.update(activities).set({ visibility: 'PRIVATE' }).where(eq(activities.id, activity.id));
    const message = await t.ok('chat/send-message', { chatId, text: 'hello', clientMessageId: 'c1' }, creator.token);

    for (const [targetType, targetId] of [
      ['ACTIVITY', activity.id],
      ['MESSAGE', message.message.messageId],
      ['USER', '00000000-0000-7000-8000-000000000000'],
      ['GROUP', '00000000-0000-7000-8000-000000000000'],
    ] as const) {
      const res = await t.call('report/create', { targetType, targetId, reason: 'OTHER' }, reporter.token);
      expect(res.status, targetType).toBe(404);
    }
    // Members see the private activity and its messages.
    await t.ok('report/create', { targetType: 'ACTIVITY', targetId: activity.id, reason: 'OTHER' }, creator.token);
    const group = await newGroup(t, 'Trail friends', [creator]);
    await t.ok('report/create', { targetType: 'GROUP', targetId: group.id, reason: 'SPAM' }, reporter.token);
  });

  it('checks the token and the body', async () => {
    const target = await newUser(t);
    const body = { targetType: 'USER', targetId: target.id, reason: 'SPAM' } as const;
    expect((await t.call('report/create', body)).status).toBe(401);
    const reporter = await newUser(t);
    const bad = await t.call('report/create', { ...body, reason: 'BORED' as 'SPAM' }, reporter.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('VALIDATION_ERROR');
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per person`, async () => {
    const reporter = await newUser(t);
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => newUser(t)));
    for (const target of targets.slice(0, REPORTS_PER_HOUR)) {
      await t.ok('report/create', { targetType: 'USER', targetId: target.id, reason: 'SPAM' }, reporter.token);
    }
    const over = await t.call(
      'report/create',
      { targetType: 'USER', targetId: targets.at(-1)!.id, reason: 'SPAM' },
      reporter.token,
    );
    expect(over.status).toBe(429);
    expect(over.body.error?.code).toBe('RATE_LIMITED');
  });
});
