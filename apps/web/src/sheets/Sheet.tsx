import { type ReactNode, type TouchEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { useSheetStore } from './store.ts';
import { canStartSwipe, swipeOffset, swipeOutcome } from './swipe.ts';
import type { OpenSheet } from './types.ts';
import { useSheetFocus } from './useSheetFocus.ts';
import './Sheet.css';

interface Props {
  sheet: OpenSheet;
  title: string;
  isTop: boolean;
  children: ReactNode;
}

/**
 * A slide-in sheet: back button, swipe right from the left edge to close (both ask the sheet's close guard), and
 * the offline banner under its header as on screens.
 */
export function Sheet({ sheet, title, isTop, children }: Props) {
  const { t } = useTranslation();
  const { back, dismiss } = useSheetStore.getState();
  const panel = useRef<HTMLDivElement>(null);
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  useSheetFocus(panel, isTop);

  useEffect(() => {
    const el = panel.current;
    // React's touch listeners are passive: only a native one can keep the browser from also
    // treating our edge swipe as a scroll or a history navigation.
    const claim = (e: globalThis.TouchEvent) => {
      if (start.current !== null && e.cancelable) e.preventDefault();
    };
    el?.addEventListener('touchmove', claim, { passive: false });
    return () => el?.removeEventListener('touchmove', claim);
  }, []);

  // Escape is the keyboard's back action, with the same per-step rules (spec §4).
  useEffect(() => {
    if (!isTop) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') back();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isTop, back]);

  const onTouchStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    const rect = panel.current?.getBoundingClientRect();
    if (!touch || !rect || e.touches.length > 1) return;
    const x = touch.clientX - rect.left;
    start.current = canStartSwipe(x, e.target as Element) ? touch.clientX : null;
  };

  const onTouchMove = (e: TouchEvent) => {
    const touch = e.touches[0];
    if (start.current === null || !touch) return;
    const next = swipeOffset(touch.clientX - start.current);
    setDragging(next > 0);
    setOffset(next);
  };

  const onTouchEnd = (e: TouchEvent) => {
    const touch = e.changedTouches[0];
    const width = panel.current?.getBoundingClientRect().width ?? window.innerWidth;
    if (start.current === null || !touch) return;
    const outcome = swipeOutcome(touch.clientX - start.current, width);
    start.current = null;
    setDragging(false);
    // The offset is dropped either way: a closing sheet's own animation takes over, and a guarded one (the wizard
    // with a draft) snaps back while it asks, leaving only if the person agrees.
    setOffset(0);
    if (outcome === 'remove' || outcome === 'slide-out') void dismiss(sheet.key, outcome);
  };

  return (
    <div className="sheet-layer" aria-hidden={!isTop}>
      <button
        type="button"
        tabIndex={-1}
        aria-label={t('common.close')}
        className={sheet.closing ? 'sheet-scrim closing' : 'sheet-scrim'}
        onClick={() => void dismiss(sheet.key)}
      />
      <div
        ref={panel}
        className={`sheet${sheet.closing ? ' closing' : ''}${dragging ? ' dragging' : ''}`}
        style={offset > 0 && !sheet.closing ? { transform: `translateX(${offset}px)` } : undefined}
        role="dialog"
        aria-modal={isTop}
        tabIndex={-1}
        aria-label={title}
        data-testid={`sheet-${sheet.type}`}
        data-closing={sheet.closing || undefined}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={() => {
          start.current = null;
          setDragging(false);
          setOffset(0);
        }}
      >
        <header className="sheet-header">
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.back')}
            data-testid="sheet-back"
            onClick={back}
          >
            <Icon name="back" />
          </button>
          <h2>{title}</h2>
        </header>
        {/* Only the top sheet's: the ones below are hidden, and one announcement is enough. */}
        {isTop && <OfflineBanner />}
        {children}
      </div>
    </div>
  );
}
