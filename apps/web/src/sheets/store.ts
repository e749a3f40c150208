import { create } from 'zustand';
import { SHEET_CLOSE_DELAY_MS } from '../contract.ts';
import { sheetBack } from './back.ts';
import type { OpenSheet, SheetSpec } from './types.ts';

interface SheetState {
  stack: OpenSheet[];
  open: (sheet: SheetSpec) => number;
  /** Flags the sheet closing, then removes it once the slide animation is over. */
  close: (key?: number) => void;
  /** Removes the sheet at once, without animation. */
  remove: (key: number) => void;
  setStep: (key: number, step: string) => void;
  /** The back action of the top sheet (spec §4). Returns false when no sheet is open. */
  back: () => boolean;
  closeAll: () => void;
}

let nextKey = 1;

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
  setStep: (key, step) =>
    set((s) => ({
      stack: s.stack.map((sh) => (sh.key === key ? ({ ...sh, params: { ...sh.params, step } } as OpenSheet) : sh)),
    })),
  back: () => {
    const top = topSheet(get().stack);
    if (!top) return false;
    const action = sheetBack(top);
    if (action.kind === 'close') get().close(top.key);
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
