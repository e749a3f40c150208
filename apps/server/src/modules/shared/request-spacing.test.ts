import { describe, expect, it } from 'vitest';
import { createRequestSpacing, type SpacingClock } from './request-spacing.ts';

/** A clock that moves only when the test says so; a sleep is recorded and returns at once. */
function fakeClock() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  const clock: SpacingClock = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  return { clock, sleeps, advance: (ms: number) => (now += ms) };
}

describe('request spacing for a public service', () => {
  it('sends the first request at once and makes a second within the second wait for its turn', async () => {
    const { clock, sleeps, advance } = fakeClock();
    const spacing = createRequestSpacing({ intervalMs: 1000, maxWaitMs: 2000, clock });
    expect(await spacing.take()).toBe(true);
    advance(300);
    expect(await spacing.take()).toBe(true);
    expect(sleeps).toEqual([700]);
  });

  it('does not send a request that would wait longer than allowed, and takes no turn for it', async () => {
    const { clock, sleeps } = fakeClock();
    const spacing = createRequestSpacing({ intervalMs: 1000, maxWaitMs: 1500, clock });
    // Three asked at the same moment: the first goes now, the second in 1 s, the third would wait 2 s.
    const answers = await Promise.all([spacing.take(), spacing.take(), spacing.take()]);
    expect(answers).toEqual([true, true, false]);
    expect(sleeps).toEqual([1000]);
  });

  it('needs no wait once a second has passed', async () => {
    const { clock, sleeps, advance } = fakeClock();
    const spacing = createRequestSpacing({ intervalMs: 1000, maxWaitMs: 2000, clock });
    await spacing.take();
    advance(1000);
    expect(await spacing.take()).toBe(true);
    expect(sleeps).toEqual([]);
  });
});
