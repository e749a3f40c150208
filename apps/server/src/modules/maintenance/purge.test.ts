import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { activityReminders, mailOutbox, otpCodes, pushOutbox, rateLimits, sessions } from '../../db/schema.ts';
import { createPurge, RETENTION } from './purge.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

describe('the purge job (review M9)', () => {
  it('drops used and expired codes, ended sessions, spent limits and handled mail and pushes, once they are old enough', async () => {
    const start = new Date();
    const me = await newUser(t);
    const { sessionId: revoked } = await t.core.tokens.issue(me.id);
    await t.core.tokens.revoke(revoked);
    const [usedCode] = await t.db
      .insert(otpCodes)
      .values({
        email: me.email,
        purpose: 'CONFIRM_EMAIL',
        codeHash: 'x',
        expiresAt: new Date(start.getTime() + HOUR),
        consumedAt: start,
      })
      .returning();
    const [liveCode] = await t.db
      .insert(otpCodes)
      .values({
        email: me.email,
        purpose: 'RESET_PASSWORD',
        codeHash: 'y',
        expiresAt: new Date(start.getTime() + 3 * 24 * HOUR),
      })
      .returning();
    await t.db.insert(rateLimits).values({ key: 'test:spent', count: 3, resetAt: new Date(start.getTime() + HOUR) });
    const [sent] = await t.db
      .insert(mailOutbox)
      .values({ to: me.email, subject: 's', text: '', html: '', status: 'SENT' })
      .returning();
    const [pending] = await t.db
      .insert(mailOutbox)
      .values({ to: me.email, subject: 'p', text: 'keep', html: 'keep', status: 'PENDING' })
      .returning();
    const [push] = await t.db
      .insert(pushOutbox)
      .values({ userId: me.id, token: 't', payload: {}, status: 'SENT' })
      .returning();

    // Nothing is old enough yet.
    const inAnHour = createPurge({ db: t.db, now: () => new Date(start.getTime() + 30 * 60 * 1000) });
    await inAnHour();
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.id, usedCode!.id))).toHaveLength(1);

    // Two instances run it at once, two days later.
    const later = new Date(start.getTime() + RETENTION.codes + 2 * HOUR);
    await Promise.all([createPurge({ db: t.db, now: () => later })(), createPurge({ db: t.db, now: () => later })()]);
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.id, usedCode!.id))).toEqual([]);
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.id, liveCode!.id))).toHaveLength(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, revoked))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, me.sessionId))).toHaveLength(1);
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:spent'))).toEqual([]);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [sent!.id, pending!.id]));
    expect(mails.map((m) => m.id)).toEqual([pending!.id]);
    // Pushes are kept a week.
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.id, push!.id))).toHaveLength(1);
    await createPurge({ db: t.db, now: () => new Date(start.getTime() + RETENTION.pushes + HOUR) })();
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.id, push!.id))).toEqual([]);
  });
});

describe('the purge job and the activity reminders', () => {
  it('drops a sent reminder’s row a day after the start it was for, and keeps it until then', async () => {
    const me = await newUser(t);
    const activity = await newActivity(t, me);
    const startsAt = new Date(activity.startsAt);
    await t.db.insert(activityReminders).values({ activityId: activity.activityId, userId: me.id, startsAt });
    const rows = () =>
      t.db.select().from(activityReminders).where(eq(activityReminders.activityId, activity.activityId));

    // Just started, and nearly a day later: the row still keeps the job from reminding twice.
    for (const after of [HOUR, RETENTION.reminders - HOUR]) {
      await createPurge({ db: t.db, now: () => new Date(startsAt.getTime() + after) })();
      expect(await rows()).toHaveLength(1);
    }
    await createPurge({ db: t.db, now: () => new Date(startsAt.getTime() + RETENTION.reminders + HOUR) })();
    expect(await rows()).toEqual([]);
  });
});

describe('the outbox keeps no body once a mail is handled (review M9)', () => {
  it('in production without SMTP, a kept mail has no body', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://cordata.example.org' });
    try {
      await prod.ok('auth/email/sign-up', {
        email: 'quiet@example.test',
        password: 'Secret#Trail77',
        acceptTerms: true,
        acceptPrivacy: true,
      });
      const [mail] = await prod.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'quiet@example.test'));
      expect(mail).toMatchObject({ status: 'LOGGED', text: '', html: '' });
    } finally {
      await prod.close();
    }
  });
});
