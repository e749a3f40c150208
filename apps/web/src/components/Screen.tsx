import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from './Icon.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import './Screen.css';

interface Props {
  title: string;
  testId?: string;
  back?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A screen with its title bar; `back` adds a back button. Signed in, the offline banner sits under the bar. */
export function Screen({ title, testId, back, actions, children }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="screen" data-testid={testId}>
      <div className="screen-top">
        <header className={back ? 'screen-header with-back' : 'screen-header'}>
          {back && (
            <button type="button" className="icon-btn" aria-label={t('common.back')} onClick={() => navigate(-1)}>
              <Icon name="back" />
            </button>
          )}
          <h1>{title}</h1>
          {actions}
        </header>
        <OfflineBanner />
      </div>
      <div className="screen-body">{children}</div>
    </main>
  );
}

/** The body of a screen another team will fill. */
export function Placeholder({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="placeholder">
      <p>{t('common.comingSoon')}</p>
      {children}
    </div>
  );
}
