import { SWIPE_EDGE_PX, SWIPE_MIN_PX, SWIPE_REMOVE_RATIO, SWIPE_SLIDE_OUT_RATIO } from '../contract.ts';

/** Elements with this attribute (the route map) never start a sheet swipe. */
export const NO_SWIPE_ATTRIBUTE = 'data-no-sheet-swipe';

interface ClosestCapable {
  closest(selector: string): unknown;
}

/** A swipe starts only within 25 px of the left edge, and never on the route map. */
export function canStartSwipe(startX: number, target: ClosestCapable | null): boolean {
  if (startX < 0 || startX > SWIPE_EDGE_PX) return false;
  return !target?.closest(`[${NO_SWIPE_ATTRIBUTE}]`);
}

/** How far the sheet follows the finger: nothing under the 10 px minimum, never to the left. */
export function swipeOffset(dx: number): number {
  return dx < SWIPE_MIN_PX ? 0 : dx;
}

export type SwipeOutcome = 'ignore' | 'snap-back' | 'slide-out' | 'remove';

/** What releasing the finger after moving `dx` to the right on a sheet `width` wide does. */
export function swipeOutcome(dx: number, width: number): SwipeOutcome {
  if (dx < SWIPE_MIN_PX) return 'ignore';
  if (dx > width * SWIPE_REMOVE_RATIO) return 'remove';
  if (dx > width * SWIPE_SLIDE_OUT_RATIO) return 'slide-out';
  return 'snap-back';
}
