import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { errorText, showSuccess } from '../../components/feedback.ts';
import { useStartSession } from '../../components/forms/session.ts';
import { Screen } from '../../components/Screen.tsx';
import { openSheet } from '../../sheets/store.ts';
import { takePendingSso } from './sso.ts';

/**
 * /auth/callback, the redirect URI of every provider: finishes the sign-in (a session, then the startup routing, so
 * a new account goes on to the profile wizard) or the link started in Settings.
 */
export default function AuthCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const { search } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const [intent, setIntent] = useState<string>('sign-in');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const pending = takePendingSso();
    if (pending) setIntent(pending.intent);
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error')) {
      setFailure(t('auth.sso.cancelled'));
      return;
    }
    if (!pending || !code || !state) {
      setFailure(t('errors.OIDC_STATE_INVALID'));
      return;
    }
    const answer = { code, state, binding: pending.binding };
    void (async () => {
      try {
        if (pending.intent === 'sign-in') {
          startSession(await api('auth/oidc/finish', answer));
          return;
        }
        await api('auth/oidc/link-finish', answer);
        navigate('/home', { replace: true });
        if (pending.intent === 'link') {
          showSuccess(t('auth.sso.linked'));
          openSheet({ type: 'account', params: { step: 'security' } });
        } else {
          // Back from confirming it is them (for a sensitive call, without a password): where they left off.
          showSuccess(t('auth.sso.reauthenticated'));
          openSheet({ type: 'account', params: { step: 'settings', section: pending.returnTo ?? 'account' } });
        }
      } catch (error) {
        setFailure(errorText(error));
      }
    })();
  }, [search, startSession, navigate, t]);

  return (
    <Screen title={t('screens.login')} testId="auth-callback">
      <div className="auth-form">
        {failure ? (
          <>
            <p className="auth-intro">{t('auth.sso.failed')}</p>
            <p className="form-error" role="alert" data-testid="sso-failure">
              {failure}
            </p>
            <Link to={intent === 'sign-in' ? '/login' : '/home'} className="btn btn-primary btn-block">
              {t('auth.sso.backToLogin')}
            </Link>
          </>
        ) : (
          <p className="auth-intro" role="status">
            <span className="spinner" aria-hidden="true" />{' '}
            {t(intent === 'sign-in' ? 'auth.sso.finishing' : 'auth.sso.linking')}
          </p>
        )}
      </div>
    </Screen>
  );
}
