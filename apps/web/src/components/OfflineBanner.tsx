import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../state/online.ts';
import './QueryState.css';

/** While the connection is down: what is on screen was loaded before, and will refresh once back online. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useIsOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      {t('states.offline')}
    </p>
  );
}
