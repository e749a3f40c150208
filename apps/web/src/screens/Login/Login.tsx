import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, isApiError } from '../../api/client.ts';
import { errorText } from '../../components/feedback.ts';
import { FormError, PasswordField, TextField } from '../../components/forms/Field.tsx';
import { rememberPendingEmail, rememberPendingPassword, useStartSession } from '../../components/forms/session.ts';
import { useFormSubmit } from '../../components/forms/useFormSubmit.ts';
import { emailProblem, problemsOf, required } from '../../components/forms/validation.ts';
import { LanguageSelect } from '../../components/LanguageSelect.tsx';
import { Screen } from '../../components/Screen.tsx';
import { openSheet } from '../../sheets/store.ts';

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const problems = problemsOf({ email: emailProblem(email), password: required(password) });
  const address = email.trim().toLowerCase();
  const { sent, busy, failure, submit } = useFormSubmit(
    problems,
    async () => startSession(await api('auth/email/sign-in', { email: address, password })),
    (error) => {
      if (!(isApiError(error) && error.code === 'EMAIL_NOT_CONFIRMED')) return errorText(error);
      rememberPendingEmail(address);
      rememberPendingPassword(password);
      navigate('/confirm-email', { state: { email: address, notConfirmed: true } });
      return null;
    },
  );

  return (
    <Screen title={t('screens.login')} testId="login-screen" actions={<LanguageSelect />}>
      <form className="auth-form" noValidate onSubmit={submit}>
        <p className="auth-intro">{t('auth.login.intro')}</p>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
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
    </Screen>
  );
}
