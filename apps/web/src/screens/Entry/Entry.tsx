import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showError } from '../../components/feedback.ts';
import { Logo } from '../../components/Logo.tsx';
import { SPLASH_TIMEOUT_MS } from '../../contract.ts';
import { isNativeApp } from '../../native/index.ts';
import { continueTo, rememberDeepLink } from '../../routing/deep-link.ts';
import { type ProfileLoad, startupRoute } from '../../routing/startup.ts';
import { useAuthStore } from '../../state/auth.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { useUiStore } from '../../state/ui.ts';
import { SplashArt } from './SplashArt.tsx';
import './Entry.css';

function useProfileLoad(): { load: ProfileLoad; error: unknown } {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  const profile = useOwnProfileQuery();
  const load = ((): ProfileLoad => {
    if (profile.isError) return { status: 'error' };
    // Still in flight even if the token just went: a 401 clears it a moment before the error lands.
    if (profile.fetchStatus === 'fetching') return { status: 'loading' };
    if (!hasToken) return { status: 'none' };
    if (profile.isSuccess) return { status: 'loaded', completed: profile.data.user.completed };
    return { status: 'loading' };
  })();
  return { load, error: profile.error };
}

/** The entry screen of / and every unknown path: the splash, then the startup routing of spec §2. */
export function Entry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [splashDone, setSplashDone] = useState(isNativeApp);
  const { load, error: profileError } = useProfileLoad();
  const hasSeenWelcome = useUiStore((s) => s.hasSeenWelcome);
  const target = startupRoute(load, hasSeenWelcome);
  const routed = useRef(false);
  const { pathname } = useLocation();

  useEffect(() => {
    if (splashDone) return;
    const timer = setTimeout(() => setSplashDone(true), SPLASH_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [splashDone]);

  useEffect(() => {
    if (!splashDone || target === null || routed.current) return;
    routed.current = true;
    if (load.status === 'none') rememberDeepLink(pathname);
    navigate(continueTo(target), { replace: true });
    if (load.status === 'error') showError(profileError);
  }, [splashDone, target, navigate, load.status, profileError, pathname]);

  return (
    <button type="button" className="splash" data-testid="entry-screen" onClick={() => setSplashDone(true)}>
      <SplashArt label={t('splash.imageAlt')} />
      <span className="splash-content">
        <Logo size={88} />
        <span className="splash-title">{t('app.name')}</span>
        <span className="splash-tagline">{t('app.tagline')}</span>
      </span>
      {splashDone ? (
        <span className="spinner" role="status" aria-label={t('common.loading')} />
      ) : (
        <span className="splash-hint">{t('splash.tapToStart')}</span>
      )}
    </button>
  );
}
