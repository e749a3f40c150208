import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api, isApiError } from '../../api/client.ts';
import { errorText } from '../../components/feedback.ts';
import { CodeInput } from '../../components/forms/CodeInput.tsx';
import { EmailField, FormError, TextField } from '../../components/forms/Field.tsx';
import {
  forgetPendingPassword,
  pendingEmail,
  pendingPassword,
  rememberPendingEmail,
  useStartSession,
} from '../../components/forms/session.ts';
import { useCountdown } from '../../components/forms/useCountdown.ts';
import { codeProblem, emailProblem } from '../../components/forms/validation.ts';
import { Screen } from '../../components/Screen.tsx';
import { OTP_RESEND_SECONDS } from '../../contract.ts';

/** The 6-digit code of the sign-up mail; a new one at most once a minute. */
export default function ConfirmEmail() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = (location.state ?? {}) as { email?: string; notConfirmed?: boolean };
  const known = state.email ?? pendingEmail();
  const [email, setEmail] = useState(known);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(state.notConfirmed ? t('auth.login.notConfirmed') : null);
  const [busy, setBusy] = useState(false);
  // Shown only when the server needs the password and this screen no longer has it (a reload).
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const { left, restart } = useCountdown(known ? OTP_RESEND_SECONDS : 0);
  const startSession = useStartSession();

  const confirm = async (value: string) => {
    setFailure(null);
    const problem = codeProblem(value);
    if (problem) return setCodeError(t(`validation.${problem}`));
    if (emailProblem(email)) return setFailure(t(`validation.${emailProblem(email)}`));
    setCodeError(null);
    setBusy(true);
    try {
      const given = password || pendingPassword();
      const session = await api('auth/email/confirm-email', {
        email: email.trim(),
        code: value,
        ...(given ? { password: given } : {}),
      });
      forgetPendingPassword();
      startSession(session);
    } catch (error) {
      if (isApiError(error) && error.code === 'OTP_MISMATCH') setCodeError(t('validation.codeMismatch'));
      else if (isApiError(error) && error.code === 'PASSWORD_REQUIRED') {
        setAskPassword(true);
        setNotice(t('auth.confirm.passwordNeeded'));
      } else setFailure(errorText(error));
      setBusy(false);
    }
  };

  const resend = async () => {
    setFailure(null);
    if (emailProblem(email)) return setFailure(t(`validation.${emailProblem(email)}`));
    try {
      await api('auth/email/send-confirm-email-otp', { email: email.trim() });
      rememberPendingEmail(email.trim().toLowerCase());
      setCode('');
      setCodeError(null);
      setNotice(t('auth.confirm.resent'));
      restart(OTP_RESEND_SECONDS);
    } catch (error) {
      setFailure(errorText(error));
      if (isApiError(error) && error.code === 'RATE_LIMITED') restart(OTP_RESEND_SECONDS);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void confirm(code);
  };

  return (
    <Screen title={t('screens.confirmEmail')} testId="confirm-email-screen" back>
      <form className="auth-form" noValidate onSubmit={submit}>
        {known ? (
          <p className="auth-intro" data-testid="confirm-intro">
            {t('auth.confirm.intro', { email: known })}
          </p>
        ) : (
          <EmailField autoComplete="email" value={email} onChange={setEmail} testId="confirm-email" />
        )}
        {notice && (
          <p className="field-hint" role="status" data-testid="confirm-notice">
            {notice}
          </p>
        )}
        <CodeInput
          value={code}
          onChange={setCode}
          onComplete={(c) => void confirm(c)}
          problem={codeError}
          disabled={busy}
        />
        {askPassword && (
          <TextField
            label={t('auth.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            testId="confirm-password"
          />
        )}
        <FormError text={failure} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="confirm-submit">
          {t('auth.confirm.submit')}
        </button>
        <div className="auth-links">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={left > 0}
            data-testid="confirm-resend"
            onClick={resend}
          >
            {left > 0 ? t('auth.confirm.resendIn', { seconds: left }) : t('auth.confirm.resend')}
          </button>
          <Link to="/sign-up" className="btn btn-ghost">
            {t('auth.confirm.wrongAddress')}
          </Link>
        </div>
      </form>
    </Screen>
  );
}
