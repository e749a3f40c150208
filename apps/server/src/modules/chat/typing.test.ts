import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingTracker } from './typing.ts';

describe('the typing tracker', () => {
  let sent: [string, string, boolean][];
  let tracker: ReturnType<typeof createTypingTracker>;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    tracker = createTypingTracker({
      broadcast: (chatId, userId, typing) => sent.push([chatId, userId, typing]),
      throttleMs: 2000,
      expiryMs: 5000,
      timers: {
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
        now: () => Date.now(),
      },
    });
  });
  afterEach(() => vi.useRealTimers());

  it('broadcasts typing at most once per window while it is renewed', () => {
    for (let i = 0; i < 10; i++) {
      tracker.update('u', 'c', true);
      vi.advanceTimersByTime(300);
    }
    // 3 s of renewals every 300 ms: at 0 and at 2.1 s.
    expect(sent).toEqual([
      ['c', 'u', true],
      ['c', 'u', true],
    ]);
  });

  it('expires 5 s after the last renewal', () => {
    tracker.update('u', 'c', true);
    vi.advanceTimersByTime(1500);
    tracker.update('u', 'c', true);
    vi.advanceTimersByTime(4999);
    expect(sent).toEqual([['c', 'u', true]]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      ['c', 'u', true],
      ['c', 'u', false],
    ]);
    expect(tracker.size()).toBe(0);
  });

  it('stops at once when told, and only once', () => {
    tracker.update('u', 'c', true);
    tracker.update('u', 'c', false);
    tracker.update('u', 'c', false);
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([
      ['c', 'u', true],
      ['c', 'u', false],
    ]);
  });

  it('does not let alternating true and false beat the throttle (review L2)', () => {
    for (let i = 0; i < 20; i++) {
      tracker.update('u', 'c', true);
      tracker.update('u', 'c', false);
      vi.advanceTimersByTime(100);
    }
    // 2 s of flapping: one true (and its false) per 2 s window, not twenty.
    expect(sent.filter(([, , typing]) => typing)).toHaveLength(1);
    expect(sent.length).toBeLessThanOrEqual(2);
  });

  it('keeps people and chats apart, and stops everything of someone who leaves', () => {
    tracker.update('u', 'c1', true);
    tracker.update('u', 'c2', true);
    tracker.update('v', 'c1', true);
    tracker.stopAll('u');
    expect(sent.filter(([, , typing]) => !typing)).toEqual([
      ['c1', 'u', false],
      ['c2', 'u', false],
    ]);
    expect(tracker.size()).toBe(1);
  });
});
