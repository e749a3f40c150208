import type { ActivitySummary } from '@cordata/contract';
import { describe, expect, it, vi } from 'vitest';
import { anActivitySummary } from '../testing/fixtures.ts';
import { AUTO_SAVE_MAX_BYTES, type AutoSaveDeps, autoSavePacks, browserConnection, dueForAutoSave } from './auto.ts';
import { createMemoryPackStore } from './packs.ts';

const NOW = new Date('2026-11-28T08:00:00.000Z');
const at = (hoursFromNow: number, over: Partial<ActivitySummary> = {}) =>
  anActivitySummary({
    activityId: `a${hoursFromNow}`,
    status: 'PARTICIPATING',
    startsAt: new Date(NOW.getTime() + hoursFromNow * 3600_000).toISOString(),
    endsAt: new Date(NOW.getTime() + (hoursFromNow + 3) * 3600_000).toISOString(),
    ...over,
  });

function deps(over: Partial<AutoSaveDeps> = {}) {
  const store = createMemoryPackStore();
  const saved: string[] = [];
  const d: AutoSaveDeps = {
    connection: async () => 'wifi',
    upcoming: async () => [at(24), at(30, { status: 'WAITLISTED', activityId: 'w' }), at(48), at(-1)],
    size: async () => ({ answersBytes: 200_000, tilesBytes: 10_000_000 }),
    save: async (a) => void saved.push(a.activityId),
    store: async () => store,
    ...over,
  };
  return { d, saved, store };
}

describe('saving the packs the day before, on Wi-Fi', () => {
  it('saves the activities taken part in that start within 36 hours and are not saved yet', async () => {
    const { d, saved } = deps();
    expect(await autoSavePacks(d, NOW)).toEqual(['a24']);
    expect(saved).toEqual(['a24']);
  });

  it('nothing on cellular data, nor where the connection is unknown (Safari)', async () => {
    for (const connection of ['cellular', 'unknown', 'none'] as const) {
      const { d, saved } = deps({ connection: async () => connection });
      const upcoming = vi.spyOn(d, 'upcoming');
      expect(await autoSavePacks(d, NOW)).toEqual([]);
      expect(saved).toEqual([]);
      expect(upcoming).not.toHaveBeenCalled();
    }
  });

  it('leaves a pack over the limit for the person to save, and one already kept alone', async () => {
    const big = deps({ size: async () => ({ answersBytes: 1000, tilesBytes: AUTO_SAVE_MAX_BYTES }) });
    expect(await autoSavePacks(big.d, NOW)).toEqual([]);
    const kept = deps();
    await kept.store.put(
      {
        activityId: 'a24',
        userId: 'u',
        builtAt: NOW.toISOString(),
        endsAt: NOW.toISOString(),
        answers: [],
        tiles: null,
      },
      null,
    );
    expect(dueForAutoSave(await kept.d.upcoming(NOW, NOW), await kept.store.list(), NOW)).toEqual([]);
  });

  it('a failed save is tried again next time, and does not stop the others', async () => {
    const { d } = deps({
      upcoming: async () => [at(20), at(22)],
      save: async (a) => {
        if (a.activityId === 'a20') throw new Error('network');
      },
    });
    expect(await autoSavePacks(d, NOW)).toEqual(['a22']);
  });

  it('reads Wi-Fi from the Network Information API where the browser has it', () => {
    const nav = navigator as Navigator & { connection?: { type?: string } };
    Object.defineProperty(nav, 'connection', { value: { type: 'wifi' }, configurable: true });
    expect(browserConnection()).toBe('wifi');
    Object.defineProperty(nav, 'connection', { value: { type: 'cellular' }, configurable: true });
    expect(browserConnection()).toBe('cellular');
    Object.defineProperty(nav, 'connection', { value: undefined, configurable: true });
    expect(browserConnection()).toBe('unknown');
  });
});
