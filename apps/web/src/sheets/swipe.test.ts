import { describe, expect, it } from 'vitest';
import { canStartSwipe, swipeOffset, swipeOutcome } from './swipe.ts';

const plain = { closest: () => null };
const onMap = { closest: (s: string) => (s === '[data-no-sheet-swipe]' ? {} : null) };

describe('canStartSwipe', () => {
  it('accepts a start within 25 px of the left edge', () => {
    expect(canStartSwipe(0, plain)).toBe(true);
    expect(canStartSwipe(25, plain)).toBe(true);
    expect(canStartSwipe(24.9, null)).toBe(true);
  });
  it('refuses a start further in', () => {
    expect(canStartSwipe(25.1, plain)).toBe(false);
    expect(canStartSwipe(26, plain)).toBe(false);
    expect(canStartSwipe(200, plain)).toBe(false);
  });
  it('refuses a start on the route map', () => {
    expect(canStartSwipe(5, onMap)).toBe(false);
  });
});

describe('swipeOutcome on a 400 px wide sheet', () => {
  const w = 400;
  it('ignores a movement under 10 px', () => {
    expect(swipeOutcome(9.9, w)).toBe('ignore');
    expect(swipeOutcome(0, w)).toBe('ignore');
    expect(swipeOutcome(-50, w)).toBe('ignore');
    expect(swipeOutcome(10, w)).toBe('snap-back');
  });
  it('snaps back up to half the width', () => {
    expect(swipeOutcome(150, w)).toBe('snap-back');
    expect(swipeOutcome(200, w)).toBe('snap-back');
  });
  it('slides out beyond half the width', () => {
    expect(swipeOutcome(200.1, w)).toBe('slide-out');
    expect(swipeOutcome(360, w)).toBe('slide-out');
  });
  it('removes at once beyond 90% of the width', () => {
    expect(swipeOutcome(360.1, w)).toBe('remove');
    expect(swipeOutcome(400, w)).toBe('remove');
  });
});

describe('swipeOffset', () => {
  it('does not move under the minimum', () => {
    expect(swipeOffset(9)).toBe(0);
    expect(swipeOffset(-30)).toBe(0);
    expect(swipeOffset(10)).toBe(10);
    expect(swipeOffset(120)).toBe(120);
  });
});
