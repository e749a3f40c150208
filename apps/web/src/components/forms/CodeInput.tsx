import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '../../contract.ts';
import './forms.css';

interface Props {
  value: string;
  onChange: (code: string) => void;
  /** Called once all the digits are in. */
  onComplete?: (code: string) => void;
  problem?: string | null;
  disabled?: boolean;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Six boxes for a one-time code: typing moves on, backspace moves back, a pasted code fills them all. */
export function CodeInput({ value, onChange, onComplete, problem, disabled }: Props) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  const setFrom = (start: number, typed: string) => {
    const digits = digitsOf(typed);
    if (!digits) return;
    const chars = value.padEnd(OTP_LENGTH, ' ').split('');
    for (let k = 0; k < digits.length && start + k < OTP_LENGTH; k++) chars[start + k] = digits[k]!;
    const next = chars.join('').replace(/ +$/, '');
    onChange(next);
    focus(start + digits.length);
    if (/^\d+$/.test(next) && next.length === OTP_LENGTH) onComplete?.(next);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      const chars = value.padEnd(OTP_LENGTH, ' ').split('');
      const at = chars[i] !== ' ' && i < value.length ? i : i - 1;
      if (at < 0) return;
      chars[at] = ' ';
      onChange(chars.join('').replace(/ +$/, ''));
      focus(at);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const pasted = digitsOf(e.clipboardData.getData('text'));
    // A whole code pasted anywhere fills from the first box.
    setFrom(pasted.length >= OTP_LENGTH ? 0 : i, pasted);
  };

  return (
    <fieldset className="code-input" data-testid="code-input" disabled={disabled}>
      <legend className="visually-hidden">{t('auth.code.label')}</legend>
      <div className="code-boxes">
        {Array.from({ length: OTP_LENGTH }, (_, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className="code-box"
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            maxLength={OTP_LENGTH}
            aria-label={t('auth.code.digit', { n: i + 1, total: OTP_LENGTH })}
            aria-invalid={problem ? true : undefined}
            data-testid={`code-digit-${i}`}
            value={value[i]?.trim() ?? ''}
            onChange={(e) => setFrom(i, e.target.value.slice(-OTP_LENGTH))}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
      {problem && (
        <p className="field-problem" role="alert" data-testid="code-problem">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
