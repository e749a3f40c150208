import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { REASON_LENGTH } from '../contract.ts';
import { adminErrorText, day, useT } from './shared.tsx';

/** The suspension periods offered, in days; a moderator sees those up to their limit. */
export const SUSPENSION_PERIODS = [1, 3, 7, 14, 30, 90, 180, 365, 3650];
const DAY_MS = 86_400_000;

export type DialogField =
  /** Why: required, written to the audit log. */
  | { kind: 'reason'; name?: 'reason' }
  /** For how long: the periods up to maxDays, with the end date shown. */
  | { kind: 'days'; name?: 'days'; maxDays: number; initial?: number }
  | { kind: 'text'; name: string; label: string; initial?: string; minLength?: number; maxLength?: number }
  | { kind: 'select'; name: string; label: string; initial: string; options: { value: string; label: string }[] };

export interface DialogSpec {
  title: string;
  description?: string;
  fields: DialogField[];
  confirmLabel: string;
  danger?: boolean;
  /** Runs the action; a thrown error is shown in the dialog, which stays open. */
  onSubmit: (values: Record<string, string>) => Promise<void>;
}

const nameOfField = (f: DialogField) => f.name ?? f.kind;
const FOCUSABLE = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog for an admin action: the reason the audit log needs, a period, or a few fields.
 * Focus moves into it and stays there (Tab cycles), Escape or the backdrop cancels, and focus goes
 * back to what opened it.
 */
export function ActionDialog({ spec, onClose }: { spec: DialogSpec; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      spec.fields.map((f) => [
        nameOfField(f),
        f.kind === 'days'
          ? String(Math.min(f.initial ?? 7, f.maxDays))
          : f.kind === 'text' || f.kind === 'select'
            ? (f.initial ?? '')
            : '',
      ]),
    ),
  );

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first =
      box.current?.querySelector<HTMLElement>('textarea, input, select') ??
      box.current?.querySelector<HTMLElement>('button[type="submit"]');
    first?.focus();
    return () => {
      // Back to what opened it; when the action replaced that button (Remove becomes Restore), to the
      // first action of the page instead of nowhere.
      const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>('.admin-actions button');
      target?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => !(el as HTMLButtonElement).disabled,
    );
    if (!items.length) return;
    const [first, last] = [items[0]!, items[items.length - 1]!];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    for (const field of spec.fields) {
      const value = trimmed[nameOfField(field)] ?? '';
      if (field.kind === 'reason' && value.length < REASON_LENGTH.min) return setError(t('dialog.reasonShort'));
      if (field.kind === 'text' && value.length < (field.minLength ?? 1))
        return setError(t('dialog.required', { field: field.label }));
    }
    setBusy(true);
    setError(null);
    try {
      await spec.onSubmit(trimmed);
    } catch (e) {
      setError(adminErrorText(e));
      setBusy(false);
    }
  }

  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setError(null);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop cancels; the keyboard has Escape
    <div
      className="admin-dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !busy) onClose();
      }}
    >
      <div
        ref={box}
        className="admin-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={spec.description ? `${id}-description` : undefined}
        onKeyDown={onKeyDown}
        data-testid="admin-dialog"
      >
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`}>{spec.title}</h2>
          {spec.description && <p id={`${id}-description`}>{spec.description}</p>}
          {spec.fields.map((field) => {
            const name = nameOfField(field);
            if (field.kind === 'reason') {
              return (
                <label key={name}>
                  {t('dialog.reason')}
                  <textarea
                    name={name}
                    rows={3}
                    maxLength={REASON_LENGTH.max}
                    required
                    value={values[name]}
                    onChange={(e) => set(name, e.target.value)}
                    data-testid="admin-dialog-reason"
                  />
                  <small>{t('dialog.reasonHint')}</small>
                </label>
              );
            }
            if (field.kind === 'days') {
              const days = Number(values[name]);
              return (
                <label key={name}>
                  {t('dialog.period')}
                  <select
                    name={name}
                    value={values[name]}
                    onChange={(e) => set(name, e.target.value)}
                    data-testid="admin-dialog-days"
                  >
                    {SUSPENSION_PERIODS.filter((d) => d <= field.maxDays).map((d) => (
                      <option key={d} value={d}>
                        {t('dialog.days', { count: d })}
                      </option>
                    ))}
                  </select>
                  <small data-testid="admin-dialog-until">
                    {t('dialog.until', { date: day(new Date(Date.now() + days * DAY_MS).toISOString()) })}
                  </small>
                </label>
              );
            }
            if (field.kind === 'select') {
              return (
                <label key={name}>
                  {field.label}
                  <select
                    name={name}
                    value={values[name]}
                    onChange={(e) => set(name, e.target.value)}
                    data-testid={`admin-dialog-${name}`}
                  >
                    {field.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
              );
            }
            return (
              <label key={name}>
                {field.label}
                <input
                  name={name}
                  value={values[name]}
                  maxLength={field.maxLength}
                  required={(field.minLength ?? 1) > 0}
                  onChange={(e) => set(name, e.target.value)}
                  data-testid={`admin-dialog-${name}`}
                />
              </label>
            );
          })}
          {error && (
            <p className="admin-error" role="alert" data-testid="admin-dialog-error">
              {error}
            </p>
          )}
          <div className="admin-dialog-buttons">
            <button type="button" className="btn" onClick={onClose} disabled={busy} data-testid="admin-dialog-cancel">
              {t('dialog.cancel')}
            </button>
            <button
              type="submit"
              className={spec.danger ? 'btn btn-error' : 'btn btn-blue'}
              disabled={busy}
              data-testid="admin-dialog-confirm"
            >
              {spec.confirmLabel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/**
 * Opens action dialogs; after a successful action the dialog closes and `done` sets the page's message.
 * The action is an admin mutation: it refetches what it changed (queries.ts), so the page follows.
 */
export function useActionDialog() {
  const [spec, setSpec] = useState<DialogSpec | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    open<R>(
      options: Omit<DialogSpec, 'onSubmit'> & {
        run: (values: Record<string, string>) => Promise<R>;
        done?: (result: R) => string | null;
        after?: (result: R) => void;
      },
    ) {
      const { run, done, after, ...rest } = options;
      setSpec({
        ...rest,
        onSubmit: async (values) => {
          const result = await run(values);
          setSpec(null);
          setMessage(done ? done(result) : null);
          after?.(result);
        },
      });
    },
    dialog: spec ? <ActionDialog spec={spec} onClose={() => setSpec(null)} /> : null,
  };
}
