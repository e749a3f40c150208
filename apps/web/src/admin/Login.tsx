import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { adminApi, api, apiAs, isApiError } from '../api/client.ts';
import { adminKeys } from './queries.ts';
import { pendingSession, useAdminSession } from './session.ts';
import { adminErrorText, useT } from './shared.tsx';

/** Opens the area: the operator's token is kept only once they are signed in, second factor included. */
function useOpenArea() {
  const queryClient = useQueryClient();
  return async (jwt: string) => {
    const me = await adminApi(pendingSession(jwt), 'me/get');
    queryClient.setQueryData(adminKeys.me, me);
    useAdminSession.getState().start(jwt);
  };
}

/** The second step of an operator's sign-in: enrol an authenticator once, then a code per session. */
function SecondFactor({ jwt, enrolled }: { jwt: string; enrolled: boolean }) {
  const t = useT();
  const openArea = useOpenArea();
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (enrolled) return;
    void (async () => {
      const { secret, uri } = await apiAs(pendingSession(jwt), 'auth/totp/setup');
      const qrcode = await import('qrcode');
      setEnrolment({ secret, qr: await qrcode.toString(uri, { type: 'svg', margin: 1 }) });
    })().catch((e: unknown) => setError(adminErrorText(e)));
  }, [enrolled, jwt]);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    setError(null);
    try {
      await apiAs(pendingSession(jwt), enrolled ? 'auth/totp/verify' : 'auth/totp/enable', { code });
      await openArea(jwt);
    } catch (e) {
      setError(isApiError(e) && e.code === 'TOTP_INVALID' ? t('login.totpInvalid') : adminErrorText(e));
    }
  }
  return (
    <form className="admin-login" onSubmit={submit} data-testid="admin-second-factor">
      <h1>{t('login.totpHeading')}</h1>
      {enrolled ? (
        <p>{t('login.totpAsk')}</p>
      ) : (
        <>
          <p>{t('login.totpEnrol')}</p>
          {enrolment && (
            <>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from our own URI */}
              <div className="admin-qr" aria-hidden="true" dangerouslySetInnerHTML={{ __html: enrolment.qr }} />
              <p>
                {t('login.totpKey')}: <code data-testid="admin-totp-secret">{enrolment.secret}</code>
              </p>
            </>
          )}
        </>
      )}
      <label>
        {t('login.totpCode')}
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          data-testid="admin-totp-code"
        />
      </label>
      {error && (
        <p className="admin-error" role="alert" data-testid="admin-login-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-blue" data-testid="admin-totp-submit">
        {t('login.totpSubmit')}
      </button>
    </form>
  );
}

/** An operator's sign-in: e-mail and password, then the second factor. */
export function Login() {
  const t = useT();
  const openArea = useOpenArea();
  const [error, setError] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<{ jwt: string; enrolled: boolean } | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    let jwt: string | null = null;
    try {
      ({ jwt } = await api('auth/email/sign-in', {
        email: String(form.get('email')),
        password: String(form.get('password')),
      }));
      await openArea(jwt);
    } catch (e) {
      if (jwt && isApiError(e) && e.code === 'SECOND_FACTOR_REQUIRED') {
        setSecondFactor({ jwt, enrolled: e.details.enrolled === true });
        return;
      }
      setError(isApiError(e) && e.code === 'FORBIDDEN' ? t('login.notOperator') : adminErrorText(e));
    }
  }
  if (secondFactor) return <SecondFactor {...secondFactor} />;
  return (
    <form className="admin-login" onSubmit={submit} data-testid="admin-login">
      <h1>{t('login.heading')}</h1>
      <label>
        {t('login.email')}
        <input name="email" type="email" autoComplete="username" required data-testid="admin-email" />
      </label>
      <label>
        {t('login.password')}
        <input name="password" type="password" autoComplete="current-password" required data-testid="admin-password" />
      </label>
      {error && (
        <p className="admin-error" role="alert" data-testid="admin-login-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-blue" data-testid="admin-sign-in">
        {t('login.submit')}
      </button>
    </form>
  );
}
