import { create } from 'zustand';

/** A success message: the feedback modal's title and description, shown without blocking anything. */
export interface Toast {
  /** Grows with every toast, so the same text shown twice still restarts its timer. */
  id: number;
  title: string;
  description: string;
}

interface ToastState {
  current: Toast | null;
  show: (toast: Omit<Toast, 'id'>) => void;
  /** Dismisses the given toast (or whichever is shown); a newer toast stays. */
  dismiss: (id?: number) => void;
}

let lastId = 0;

/** One toast at a time: a new one replaces the one on screen. */
export const useToastStore = create<ToastState>()((set, get) => ({
  current: null,
  show: (toast) => set({ current: { ...toast, id: ++lastId } }),
  dismiss: (id) => {
    if (id === undefined || get().current?.id === id) set({ current: null });
  },
}));

/** About 4 s, and longer for a long text (about 15 characters a second), at most 10 s. */
export function toastDuration(text: string): number {
  return Math.min(10_000, Math.max(4_000, 1_500 + text.length * 65));
}
