import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSheetStore } from './store.ts';

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
});
