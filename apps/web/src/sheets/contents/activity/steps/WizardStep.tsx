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

export function Problem({ id, message, testId }: { id?: string; message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p className="field-problem" id={id} data-testid={testId} role="alert">
      {message}
    </p>
  );
}
