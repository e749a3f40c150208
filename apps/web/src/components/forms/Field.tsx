import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameRules } from './NameRules.tsx';
import type { Problem } from './validation.ts';
import './forms.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown only once the field was left or the form was sent. */
  problem?: Problem;
  showProblem?: boolean;
  testId: string;
  hint?: ReactNode;
  /** A name field (spec §5): its rule and a live character count, always shown. */
  nameRules?: boolean;
}

/** A labelled input with its inline validation message. */
export function TextField({
  label,
  value,
  onChange,
  problem,
  showProblem = false,
  testId,
  hint,
  nameRules = false,
  type = 'text',
  ...rest
}: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [touched, setTouched] = useState(false);
  const visible = problem && (touched || showProblem) ? problem : null;
  const describedBy = [nameRules && `${id}-rules`, visible && `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        data-testid={testId}
        aria-invalid={visible ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setTouched(true)}
        {...rest}
      />
      {hint && !visible && <p className="field-hint">{hint}</p>}
      {nameRules && <NameRules value={value} id={`${id}-rules`} testId={`${testId}-rules`} />}
      {visible && (
        <p id={`${id}-problem`} className="field-problem" role="alert" data-testid={`${testId}-problem`}>
          {t(`validation.${visible}`)}
        </p>
      )}
    </div>
  );
}

/** The email address of the account (sign-in, sign-up, reset, confirmation). */
export function EmailField(props: Omit<FieldProps, 'type' | 'label' | 'inputMode'>) {
  const { t } = useTranslation();
  return <TextField label={t('auth.email')} type="email" inputMode="email" {...props} />;
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-field">
      <TextField {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="password-toggle"
        aria-pressed={shown}
        data-testid={`${props.testId}-toggle`}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? t('auth.hidePassword') : t('auth.showPassword')}
      </button>
    </div>
  );
}

/** The message of a refused call, under the form. */
export function FormError({ text, testId = 'form-error' }: { text: string | null; testId?: string }) {
  if (!text) return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}

/** The account's password entered again before a sensitive call (deleting the account, the data export). */
export function PasswordAgainField({
  problem,
  ...field
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  /** Missing or wrong, said under the field. */
  problem: string | null;
}) {
  return (
    <>
      <TextField {...field} type="password" autoComplete="current-password" />
      <FormError text={problem} />
    </>
  );
}
