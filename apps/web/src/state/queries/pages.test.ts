import { describe, expect, it } from 'vitest';
import { nextActivityPage, nextParticipantsPage } from './pages.ts';

const page = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('the page rules of spec §9', () => {
  it('asks for another activity page while the last one was not empty', () => {
    expect(nextActivityPage(page(3), [page(10), page(3)])).toBe(3);
    expect(nextActivityPage(page(1), [page(1)])).toBe(2);
    expect(nextActivityPage([], [page(10), []])).toBeUndefined();
  });

  it('asks for another participants page only while the last one held 10', () => {
    expect(nextParticipantsPage(page(10), [page(10)])).toBe(2);
    expect(nextParticipantsPage(page(9), [page(10), page(9)])).toBeUndefined();
    expect(nextParticipantsPage([], [[]])).toBeUndefined();
  });
});
