import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import './QueryState.css';
import './Screen.css';

export interface EmptyAction {
  label: string;
  onClick: () => void;
  testId?: string;
  /** The main next step is solid; the others are outlined. */
  primary?: boolean;
}

/** An action of an empty state, short to write: `emptyAction(t('states.createGroup'), create, 'groups-create', true)`. */
export const emptyAction = (label: string, onClick: () => void, testId: string, primary = false): EmptyAction => ({
  label,
  onClick,
  testId,
  primary,
});

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
  /** What to do next; a `false` entry (an action that does not apply now) is left out. */
  actions?: (EmptyAction | false)[];
  testId?: string;
  children?: ReactNode;
}) {
  const shown = actions.filter((a): a is EmptyAction => a !== false);
  return (
    <div className="empty-state" data-testid={testId}>
      {icon && (
        <span className="empty-state-icon" aria-hidden="true">
          <Icon name={icon} size={28} />
        </span>
      )}
      <p>{text}</p>
      {children}
      {shown.length > 0 && (
        <div className="empty-state-actions">
          {shown.map((a) => (
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
