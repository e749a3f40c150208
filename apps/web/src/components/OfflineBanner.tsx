import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '../state/auth.ts';
import { useIsOnline } from '../state/online.ts';
import './QueryState.css';

/**
 * While a signed-in person's connection is down: what is on screen was loaded before, and will refresh once
 * back online. Under the title bar of every screen and of every sheet (one component for both).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useIsOnline();
  const loggedIn = useIsLoggedIn();
  if (online || !loggedIn) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      {t('states.offline')}
    </p>
  );
}
