import type { ReactNode } from 'react';

/**
 * The inline "are you sure?" of a panel, after bluesky's `Prompt` (src/components/Prompt.tsx): an outer block,
 * its question, and its actions (`Action`s, confirm and cancel).
 *
 *   <Confirm testId="weather-keep-confirm" className="weather-form">
 *     <Confirm.Question>{t('…keepQuestion')}</Confirm.Question>
 *     <Action …>{t('…keepConfirm')}</Action>
 *   </Confirm>
 */
function Outer({ testId, className, children }: { testId?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className} data-testid={testId}>
      {children}
    </div>
  );
}

function Question({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={className}>{children}</p>;
}

function Actions({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className}>{children}</div>;
}

export const Confirm = Object.assign(Outer, { Question, Actions });
