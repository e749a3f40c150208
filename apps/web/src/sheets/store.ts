import { create } from 'zustand';
import { SHEET_CLOSE_DELAY_MS } from '../contract.ts';
import { sheetBack } from './back.ts';
import type { OpenSheet, SheetSpec } from './types.ts';

/**
 * Asked before the person closes a sheet (back, Escape, the scrim, an edge swipe): true lets it close. A sheet with
 * work that would be lost (the activity wizard's draft) registers one with `guardClose`.
 */
export type CloseGuard = () => boolean | Promise<boolean>;

/** How a sheet leaves: sliding out, or at once (an edge swipe past 90 %). */
export type CloseHow = 'slide-out' | 'remove';

interface SheetState {
  stack: OpenSheet[];
  open: (sheet: SheetSpec) => number;
  /** Flags the sheet closing, then removes it once the slide animation is over. Asks no guard: for the app's own closes. */
  close: (key?: number) => void;
  /** Removes the sheet at once, without animation. Asks no guard. */
  remove: (key: number) => void;
  /**
   * The person closes the sheet: its guard, if any, is asked first. Without a guard the sheet goes at once (no
   * await); resolves whether it went.
   */
  dismiss: (key?: number, how?: CloseHow) => Promise<boolean>;
  setStep: (key: number, step: string) => void;
  /** The back action of the top sheet (spec §4), guarded when it closes. Returns false when no sheet is open. */
  back: () => boolean;
  closeAll: () => void;
}

let nextKey = 1;
const guards = new Map<number, CloseGuard>();
// A guard asking already (Escape pressed again over its dialog, say) is not asked twice.
const asking = new Set<number>();

/** Registers the guard of sheet `key`; returns its removal (an effect's clean-up). */
export function guardClose(key: number, guard: CloseGuard): () => void {
  guards.set(key, guard);
  return () => {
    if (guards.get(key) === guard) guards.delete(key);
  };
}

export const useSheetStore = create<SheetState>()((set, get) => ({
  stack: [],
  open: (sheet) => {
    const key = nextKey++;
    set((s) => ({ stack: [...s.stack, { ...sheet, key, closing: false } as OpenSheet] }));
    return key;
  },
  close: (key) => {
    const target = key ?? topSheet(get().stack)?.key;
    if (target === undefined) return;
    set((s) => ({ stack: s.stack.map((sh) => (sh.key === target ? { ...sh, closing: true } : sh)) }));
    setTimeout(() => get().remove(target), SHEET_CLOSE_DELAY_MS);
  },
  remove: (key) => set((s) => ({ stack: s.stack.filter((sh) => sh.key !== key) })),
  dismiss: (key, how = 'slide-out') => {
    const target = key ?? topSheet(get().stack)?.key;
    if (target === undefined) return Promise.resolve(false);
    const go = () => (how === 'remove' ? get().remove(target) : get().close(target));
    const guard = guards.get(target);
    if (!guard) {
      go();
      return Promise.resolve(true);
    }
    if (asking.has(target)) return Promise.resolve(false);
    asking.add(target);
    return Promise.resolve(guard())
      .catch(() => false)
      .then((ok) => {
        asking.delete(target);
        // The sheet may have gone meanwhile (logged out, say).
        if (ok && get().stack.some((sh) => sh.key === target && !sh.closing)) go();
        return ok;
      });
  },
  setStep: (key, step) =>
    set((s) => ({
      stack: s.stack.map((sh) => (sh.key === key ? ({ ...sh, params: { ...sh.params, step } } as OpenSheet) : sh)),
    })),
  back: () => {
    const top = topSheet(get().stack);
    if (!top) return false;
    const action = sheetBack(top);
    if (action.kind === 'close') void get().dismiss(top.key);
    else get().setStep(top.key, action.step);
    return true;
  },
  closeAll: () => set({ stack: [] }),
}));

/** The top sheet that is not already on its way out. */
export function topSheet(stack: OpenSheet[]): OpenSheet | undefined {
  for (let i = stack.length - 1; i >= 0; i--) if (!stack[i]!.closing) return stack[i];
  return undefined;
}

export const openSheet = (sheet: SheetSpec) => useSheetStore.getState().open(sheet);
