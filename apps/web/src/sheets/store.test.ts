import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { guardClose, useSheetStore } from './store.ts';

beforeEach(() => {
  vi.useFakeTimers();
  useSheetStore.getState().closeAll();
});
afterEach(() => vi.useRealTimers());

describe('sheet store', () => {
  it('flags a sheet closing, then removes it after 500 ms', () => {
    const key = useSheetStore.getState().open({ type: 'support', params: {} });
    useSheetStore.getState().close(key);
    expect(useSheetStore.getState().stack[0]?.closing).toBe(true);
    vi.advanceTimersByTime(499);
    expect(useSheetStore.getState().stack).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useSheetStore.getState().stack).toHaveLength(0);
  });

  it('back moves between steps, then closes', () => {
    useSheetStore.getState().open({ type: 'account', params: { step: 'security' } });
    useSheetStore.getState().back();
    expect(useSheetStore.getState().stack[0]?.params).toEqual({ step: 'settings' });
    useSheetStore.getState().back();
    expect(useSheetStore.getState().stack[0]?.params).toEqual({ step: 'options' });
    useSheetStore.getState().back();
    expect(useSheetStore.getState().stack[0]?.closing).toBe(true);
    expect(useSheetStore.getState().back()).toBe(false);
  });

  it('asks a sheet’s close guard before the person closes it, and closes only when it agrees', async () => {
    const key = useSheetStore.getState().open({ type: 'handle-activity', params: { step: 'info' } });
    let answer: (ok: boolean) => void = () => {};
    const guard = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const unguard = guardClose(key, guard);

    const first = useSheetStore.getState().dismiss(key);
    expect(guard).toHaveBeenCalledTimes(1);
    // Asked already (Escape again over the question, say): not asked twice.
    expect(useSheetStore.getState().back()).toBe(true);
    expect(await useSheetStore.getState().dismiss(key, 'remove')).toBe(false);
    expect(guard).toHaveBeenCalledTimes(1);
    answer(false);
    expect(await first).toBe(false);
    expect(useSheetStore.getState().stack[0]?.closing).toBe(false);

    // Back on the wizard's first step asks too; agreed, the sheet slides out.
    useSheetStore.getState().back();
    expect(guard).toHaveBeenCalledTimes(2);
    answer(true);
    await eventually(() => expect(useSheetStore.getState().stack[0]?.closing).toBe(true));
    unguard();
  });

  it('closes an unguarded sheet at once, and the app’s own close never asks', async () => {
    const key = useSheetStore.getState().open({ type: 'support', params: {} });
    const going = useSheetStore.getState().dismiss(key);
    expect(useSheetStore.getState().stack[0]?.closing).toBe(true);
    expect(await going).toBe(true);

    const guarded = useSheetStore.getState().open({ type: 'handle-activity', params: { step: 'publish' } });
    const guard = vi.fn(() => false);
    guardClose(guarded, guard)();
    guardClose(guarded, guard);
    useSheetStore.getState().close(guarded);
    expect(guard).not.toHaveBeenCalled();
    expect(useSheetStore.getState().stack.find((s) => s.key === guarded)?.closing).toBe(true);
  });
});
