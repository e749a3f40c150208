import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** The looks of the app's buttons (theme/global.css): `btn btn-<kind>`, or the round `icon-btn`. */
export type ActionKind = 'primary' | 'outline' | 'ghost' | 'blue' | 'error' | 'icon';

export interface ActionProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'className'> {
  testId?: string;
  kind?: ActionKind;
  /** Full width (`btn-block`). */
  block?: boolean;
  /** Extra classes after the look's own. */
  className?: string;
  /** While the action (or one it excludes) runs: the button waits, disabled. */
  pending?: boolean;
  onPress?: () => void;
  children: ReactNode;
}

/** The class list of a button of this look. */
export function actionClass(kind: ActionKind, block = false, extra?: string) {
  const base = kind === 'icon' ? 'icon-btn' : `btn btn-${kind}`;
  return [base, block && 'btn-block', extra].filter(Boolean).join(' ');
}

/** One button of a panel: its look, its test id, and disabled while `pending`. */
export function Action({
  testId,
  kind = 'primary',
  block,
  className,
  pending,
  disabled,
  onPress,
  type = 'button',
  children,
  ...rest
}: ActionProps) {
  return (
    <button
      type={type}
      className={actionClass(kind, block, className)}
      data-testid={testId}
      disabled={pending || disabled}
      onClick={onPress}
      {...rest}
    >
      {children}
    </button>
  );
}
