import { type RefObject, useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Focus for a sheet, as a modal dialog keeps it for keyboards and screen readers: it moves into the sheet
 * when the sheet comes on top, Tab and Shift+Tab cycle inside it, and it goes back to what opened the
 * sheet when the sheet goes away.
 */
export function useSheetFocus(panel: RefObject<HTMLElement | null>, isTop: boolean) {
  useEffect(() => {
    const el = panel.current;
    if (!isTop || !el) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.contains(document.activeElement)) el.focus({ preventScroll: true });

    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === el)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !el.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected && !opener.closest('[aria-hidden="true"]')) opener.focus({ preventScroll: true });
    };
  }, [panel, isTop]);
}
