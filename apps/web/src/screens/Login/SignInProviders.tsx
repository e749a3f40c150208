import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showError } from '../../components/feedback.ts';
import { isLanguage } from '../../i18n/index.ts';
import { startSso } from '../AuthCallback/sso.ts';

/**
 * "Continue with …" for each OpenID Connect provider of the server (issue 41), with the terms a new account accepts
 * by continuing. Nothing when the server offers none.
 */
export function SignInProviders({ providers }: { providers: { id: string; label: string }[] }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  if (providers.length === 0) return null;
  const go = async (provider: string) => {
    setBusy(provider);
    try {
      await startSso('sign-in', provider, isLanguage(i18n.language) ? i18n.language : undefined);
    } catch (error) {
      showError(error);
      setBusy(null);
    }
  };
  return (
    <div className="sso-providers" data-testid="sso-providers">
      {providers.map((p) => (
        <button
          key={p.id}
          type="button"
          className="btn btn-outline btn-block"
          disabled={busy !== null}
          data-testid={`sso-${p.id}`}
          onClick={() => void go(p.id)}
        >
          {t('auth.sso.continueWith', { label: p.label })}
        </button>
      ))}
      <p className="sso-consent">
        {t('auth.sso.consent')} <Link to="/terms">{t('auth.signUp.terms')}</Link> {t('auth.sso.and')}{' '}
        <Link to="/privacy">{t('auth.signUp.privacy')}</Link>.
      </p>
    </div>
  );
}
