import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api, isApiError } from '../../api/client.ts';
import { errorText, showErrorText, showSuccess } from '../../components/feedback.ts';
import { Screen } from '../../components/Screen.tsx';
import { openSheet } from '../../sheets/store.ts';
import { stravaKeys } from '../../state/queries/strava.ts';

/**
 * /strava/callback, where Strava's consent page sends the person back (in the browser, or on a phone through the app
 * link, as /auth/callback): finishes connecting Strava, then goes back to Settings → Strava saying how it went.
 */
export default function StravaCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { search } = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const back = (outcome: { ok: string } | { failed: string }) => {
      navigate('/home', { replace: true });
      openSheet({ type: 'account', params: { step: 'settings', section: 'strava' } });
      if ('ok' in outcome) showSuccess(outcome.ok);
      else showErrorText(outcome.failed);
    };
    const code = params.get('code');
    const state = params.get('state');
    const scope = params.get('scope');
    // Strava sends `error=access_denied` when the person cancels on its page.
    if (params.get('error')) return back({ failed: t('strava.callback.denied') });
    if (!code || !state) return back({ failed: t('strava.callback.expired') });
    void (async () => {
      try {
        const { strava } = await api('strava/finish', { code, state, ...(scope ? { scope } : {}) });
        client.setQueryData(stravaKeys.connection, strava);
        back({ ok: t('strava.callback.connected') });
      } catch (error) {
        const code = isApiError(error) ? error.code : null;
        back({
          failed:
            code === 'STRAVA_SCOPE_MISSING'
              ? t('strava.callback.denied')
              : code === 'STRAVA_STATE_INVALID'
                ? t('strava.callback.expired')
                : errorText(error),
        });
      }
    })();
  }, [search, navigate, client, t]);

  return (
    <Screen title={t('strava.title')} testId="strava-callback">
      <div className="auth-form">
        <p className="auth-intro" role="status">
          <span className="spinner" aria-hidden="true" /> {t('strava.callback.finishing')}
        </p>
      </div>
    </Screen>
  );
}
