import { type ReactNode, useId } from 'react';
import '../../../../components/forms/forms.css';

/** A wizard step: a scrolling body and a footer with its main button. */
export function WizardStep({ testId, children, footer }: { testId: string; children: ReactNode; footer: ReactNode }) {
  return (
    <>
      <div className="sheet-body wizard-body" data-testid={testId}>
        {children}
      </div>
      {footer && <div className="sheet-footer wizard-footer">{footer}</div>}
    </>
  );
}

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A labelled control with its inline validation message (the shared form styles). */
export function WizardField({
  label,
  problem,
  problemTestId,
  after,
  children,
}: {
  label: string;
  /** The message to show, already translated. */
  problem?: string;
  problemTestId?: string;
  /** Shown under the control, before the problem (a name's rules and count); described by `${id}-after`. */
  after?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const describedBy = [after && `${id}-after`, problem && problemId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(problem ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {after && <div id={`${id}-after`}>{after}</div>}
      <Problem id={problemId} message={problem} testId={problemTestId} />
    </div>
  );
}

/** A labelled number input of the wizard (hours, minutes, an interval, a count, seats). */
export function WizardNumber({
  label,
  testId,
  value,
  onChange,
  min,
  max,
  placeholder,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  placeholder?: string;
}) {
  return (
    <WizardField label={label}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          placeholder={placeholder}
          data-testid={testId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </WizardField>
  );
}

/** A labelled choice of the wizard among fixed options. */
export function WizardSelect<T extends string>({
  label,
  testId,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  testId: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <WizardField label={label}>
      {(control) => (
        <select {...control} data-testid={testId} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </WizardField>
  );
}

export function Problem({ id, message, testId }: { id?: string; message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p className="field-problem" id={id} data-testid={testId} role="alert">
      {message}
    </p>
  );
}
