import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import './QueryState.css';

export interface EmptyAction {
  label: string;
  onClick: () => void;
  testId?: string;
  /** The main next step is solid; the others are outlined. */
  primary?: boolean;
}

/** An empty list: an icon, a friendly line and what to do next (each action a full-size touch target). */
export function EmptyState({
  icon,
  text,
  actions = [],
  testId,
  children,
}: {
  icon?: IconName;
  text: string;
  actions?: EmptyAction[];
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      {icon && (
        <span className="empty-state-icon" aria-hidden="true">
          <Icon name={icon} size={28} />
        </span>
      )}
      <p>{text}</p>
      {children}
      {actions.length > 0 && (
        <div className="empty-state-actions">
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              className={a.primary ? 'btn btn-primary' : 'btn btn-outline'}
              data-testid={a.testId}
              onClick={a.onClick}
            >
              {a.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
