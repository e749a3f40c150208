import type { ReactNode } from 'react';

/** A wizard step: a scrolling body and a footer with its main button. */
export function WizardStep({ testId, children, footer }: { testId: string; children: ReactNode; footer: ReactNode }) {
  return (
    <>
      <div className="sheet-body wizard-body" data-testid={testId}>
        {children}
      </div>
      <div className="sheet-footer wizard-footer">{footer}</div>
    </>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <small className="field-error" id={id} data-testid={id} role="alert">
      {message}
    </small>
  );
}
