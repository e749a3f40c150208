import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedbackStore } from './feedback.ts';
import './FeedbackModal.css';

const symbols = { error: '!', success: '✓', info: 'i' } as const;

/** Title, description and one button: red for an error, blue otherwise (spec §2). */
export function FeedbackModal() {
  const { t } = useTranslation();
  const current = useFeedbackStore((s) => s.current);
  const dismiss = useFeedbackStore((s) => s.dismiss);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (current) button.current?.focus();
  }, [current]);

  if (!current) return null;
  return (
    <div className="feedback-backdrop">
      <div
        className="feedback-modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="feedback-title"
        aria-describedby="feedback-description"
        data-testid="feedback-modal"
        data-kind={current.kind}
      >
        <div className={`feedback-icon ${current.kind}`} aria-hidden="true">
          {symbols[current.kind]}
        </div>
        <h2 id="feedback-title">{current.title}</h2>
        <p id="feedback-description">{current.description}</p>
        <button
          ref={button}
          type="button"
          className={`btn btn-block ${current.kind === 'error' ? 'btn-error' : 'btn-blue'}`}
          data-testid="feedback-button"
          onClick={() => dismiss(true)}
        >
          {current.buttonLabel ?? t('common.ok')}
        </button>
        {current.cancelLabel && (
          <button
            type="button"
            className="btn btn-block btn-ghost"
            data-testid="feedback-cancel"
            onClick={() => dismiss(false)}
          >
            {current.cancelLabel}
          </button>
        )}
      </div>
    </div>
  );
}
