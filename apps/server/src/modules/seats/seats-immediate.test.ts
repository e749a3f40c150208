import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sleep } from '../../../test/chat-factories.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';

// The usual case of issue 22's "offer within 60 s": an instance that runs jobs serves the waitlist right after the
// change that freed the seat commits, without waiting for the job's next run (seats.test.ts moves the clock for that).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS: 'true' });
});
afterAll(() => t?.close());

describe('a freed seat on an instance that runs jobs', () => {
  it('is offered right after the exit commits, with no job run', async () => {
    const organiser = await newUser(t);
    const { activityId } = await newActivity(t, organiser, { seats: 2, date: dayFromNow(3) });
    const [leaver, waiting] = [await newUser(t), await newUser(t)];
    await t.ok('activity/participate', { activityId }, leaver.token);
    expect((await t.ok('activity/participate', { activityId }, waiting.token)).activity.status).toBe('WAITLISTED');

    await t.ok('activity/exit', { activityId }, leaver.token);
    const offered = async () =>
      (await t.ok('activity/read-info', { activityId }, waiting.token)).activity.waitlist?.offerExpiresAt ?? null;
    // Nothing runs the job here (buildApp starts no timers): only the serve after the commit can make the offer.
    let offer = await offered();
    for (let i = 0; i < 100 && offer === null; i++) {
      await sleep(50);
      offer = await offered();
    }
    expect(offer).not.toBeNull();
  });
});
