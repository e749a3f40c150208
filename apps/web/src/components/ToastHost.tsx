import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';
import { toastDuration, useToastStore } from './toast.ts';
import './ToastHost.css';

/**
 * Elements a toast must not cover (the tab bar, the activity page's action bar) carry this attribute; the
 * toast sits above the highest one that is shown. Those inside a sheet that is not on top are skipped.
 */
export const TOAST_FLOOR = 'data-toast-floor';

/** How far above the bottom of the viewport the highest floor reaches, in px (0 without one). */
export function floorHeight(doc: Document = document): number {
  let height = 0;
  for (const el of doc.querySelectorAll<HTMLElement>(`[${TOAST_FLOOR}]`)) {
    if (el.closest('[aria-hidden="true"]')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.height === 0) continue;
    height = Math.max(height, (doc.defaultView?.innerHeight ?? 0) - rect.top);
  }
  return Math.max(0, Math.round(height));
}

/**
 * The success toast (issue 19): the title and description a success modal had, at the bottom above the tab
 * bar and any action bar, over sheets too. It never takes focus; screen readers hear it through a polite live
 * region that is always in the page (a region added with its text is often not read). It goes after
 * toastDuration, waits while a pointer or the keyboard is on it, and has a 44 px close button. Errors stay in
 * the feedback modal.
 */
export function ToastHost() {
  const { t } = useTranslation();
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  const [floor, setFloor] = useState(0);
  const [held, setHeld] = useState(false);
  const remaining = useRef(0);
  const box = useRef<HTMLDivElement>(null);

  // A pointer or the keyboard on the toast holds it: someone reading or about to tap close keeps it.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const hold = () => setHeld(true);
    const release = () => setHeld(false);
    el.addEventListener('pointerenter', hold);
    el.addEventListener('pointerleave', release);
    el.addEventListener('focusin', hold);
    el.addEventListener('focusout', release);
    return () => {
      el.removeEventListener('pointerenter', hold);
      el.removeEventListener('pointerleave', release);
      el.removeEventListener('focusin', hold);
      el.removeEventListener('focusout', release);
    };
  }, []);

  // Where the floor is: measured while a toast shows, since a sheet may close or an action bar appear under it.
  useEffect(() => {
    if (!current) return;
    const measure = () => setFloor(floorHeight());
    measure();
    const timer = setInterval(measure, 250);
    window.addEventListener('resize', measure);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', measure);
    };
  }, [current]);

  useEffect(() => {
    if (!current) return;
    remaining.current = toastDuration(`${current.title} ${current.description}`);
    setHeld(false);
  }, [current]);

  useEffect(() => {
    if (!current || held) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(current.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(1_500, remaining.current - (Date.now() - started));
    };
  }, [current, held, dismiss]);

  return (
    <div className="toast-layer" style={{ '--toast-floor': `${floor}px` } as CSSProperties}>
      <div className={current ? 'toast open' : 'toast'} data-testid={current ? 'toast' : undefined} ref={box}>
        <div className="toast-text" role="status" aria-live="polite" aria-atomic="true">
          {current && (
            <>
              <span className="toast-icon" aria-hidden="true">
                <Icon name="check" size={18} />
              </span>
              <span>
                <strong className="toast-title" data-testid="toast-title">
                  {current.title}
                </strong>{' '}
                <span className="toast-description" data-testid="toast-description">
                  {current.description}
                </span>
              </span>
            </>
          )}
        </div>
        {current && (
          <button
            type="button"
            className="toast-close"
            aria-label={t('toast.close')}
            data-testid="toast-close"
            onClick={() => dismiss(current.id)}
          >
            <Icon name="close" size={20} />
          </button>
        )}
      </div>
    </div>
  );
}
