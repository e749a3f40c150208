import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, isApiError } from '../../api/client.ts';
import { errorText, showError, showSuccess } from '../../components/feedback.ts';
import { CodeInput } from '../../components/forms/CodeInput.tsx';
import { EmailField, FormError, PasswordField } from '../../components/forms/Field.tsx';
import { rememberPendingEmail, rememberPendingPassword, useStartSession } from '../../components/forms/session.ts';
import { useFormSubmit } from '../../components/forms/useFormSubmit.ts';
import { emailProblem, problemsOf, required } from '../../components/forms/validation.ts';
import { LanguageSelect } from '../../components/LanguageSelect.tsx';
import { Screen } from '../../components/Screen.tsx';
import { openSheet } from '../../sheets/store.ts';
import { useSignInOptions } from '../AuthCallback/sso.ts';
import { SignInProviders } from './SignInProviders.tsx';

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const options = useSignInOptions();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // While the account is under attack (review L4), signing in needs the code the server e-mails.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const problems = problemsOf({ email: emailProblem(email), password: required(password) });
  const address = email.trim().toLowerCase();
  const { sent, busy, failure, submit } = useFormSubmit(
    problems,
    async () => startSession(await api('auth/email/sign-in', { email: address, password, ...(code ? { code } : {}) })),
    (error) => {
      if (isApiError(error) && error.code === 'SIGN_IN_CODE_REQUIRED') {
        setNeedsCode(true);
        setCode('');
        return null;
      }
      if (!(isApiError(error) && error.code === 'EMAIL_NOT_CONFIRMED')) return errorText(error);
      rememberPendingEmail(address);
      rememberPendingPassword(password);
      navigate('/confirm-email', { state: { email: address, notConfirmed: true } });
      return null;
    },
  );

  /** Signing in without a code sends a new one (at most one a minute), when the password is right. */
  const sendNewCode = async () => {
    setCode('');
    try {
      startSession(await api('auth/email/sign-in', { email: address, password }));
    } catch (error) {
      if (isApiError(error) && error.code === 'SIGN_IN_CODE_REQUIRED') showSuccess(t('auth.confirm.resent'));
      else showError(error);
    }
  };

  return (
    <Screen title={t('screens.login')} testId="login-screen" actions={<LanguageSelect />}>
      {!options.passwordSignIn && (
        <div className="auth-form">
          <SignInProviders providers={options.providers} />
          <div className="auth-links">
            <button
              type="button"
              className="btn btn-ghost"
              data-testid="open-support"
              onClick={() => openSheet({ type: 'support', params: {} })}
            >
              {t('sheets.accountMenu.support')}
            </button>
          </div>
        </div>
      )}
      {options.passwordSignIn && (
        <form className="auth-form" noValidate onSubmit={submit}>
          {options.providers.length > 0 && (
            <>
              <SignInProviders providers={options.providers} />
              <p className="sso-or">{t('auth.sso.or')}</p>
            </>
          )}
          <p className="auth-intro">{t('auth.login.intro')}</p>
          <EmailField
            autoComplete="username"
            value={email}
            onChange={setEmail}
            problem={problems.email}
            showProblem={sent}
            testId="login-email"
          />
          <PasswordField
            label={t('auth.password')}
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            problem={problems.password}
            showProblem={sent}
            testId="login-password"
          />
          {needsCode && (
            <div className="auth-code" data-testid="login-code">
              <p className="auth-intro">{t('auth.login.codeIntro', { email: address })}</p>
              <CodeInput value={code} onChange={setCode} disabled={busy} />
              <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void sendNewCode()}>
                {t('auth.confirm.resend')}
              </button>
            </div>
          )}
          <FormError text={failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="login-submit">
            {t('auth.login.submit')}
          </button>
          <div className="auth-links">
            <Link to="/forgot-password" className="btn btn-ghost" data-testid="to-forgot-password">
              {t('auth.login.forgot')}
            </Link>
            <Link to="/sign-up" className="btn btn-ghost" data-testid="to-sign-up">
              {t('auth.login.noAccount')}
            </Link>
            <button
              type="button"
              className="btn btn-ghost"
              data-testid="open-support"
              onClick={() => openSheet({ type: 'support', params: {} })}
            >
              {t('sheets.accountMenu.support')}
            </button>
          </div>
        </form>
      )}
    </Screen>
  );
}
