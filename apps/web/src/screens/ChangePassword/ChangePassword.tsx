import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { api, isApiError } from '../../api/client.ts';
import { errorText, showSuccess } from '../../components/feedback.ts';
import { FormError, PasswordField } from '../../components/forms/Field.tsx';
import { newPasswordProblem, problemsOf, repeatProblem } from '../../components/forms/validation.ts';
import { Screen } from '../../components/Screen.tsx';

/**
 * The last step of a password reset (a logged-out route, spec §2): a new password, twice, with the
 * reset token that /forgot-password obtained. Without one, the reset starts over.
 */
export default function ChangePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as { resetToken?: string; email?: string };
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  if (!state.resetToken) return <Navigate to="/forgot-password" replace />;
  const resetToken = state.resetToken;

  const problems = problemsOf({
    password: newPasswordProblem(password, state.email),
    repeat: repeatProblem(password, repeat),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    setFailure(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await api('auth/email/reset-password', { resetToken, password });
      showSuccess(t('auth.change.success'), () => navigate('/login', { replace: true }));
    } catch (error) {
      if (isApiError(error) && error.code === 'RESET_TOKEN_INVALID') setExpired(true);
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen title={t('screens.changePassword')} testId="change-password-screen" back>
      <form className="auth-form" noValidate onSubmit={submit}>
        <p className="auth-intro">{t('auth.change.intro', { email: state.email ?? '' })}</p>
        <PasswordField
          label={t('auth.newPassword')}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          problem={problems.password}
          showProblem={sent}
          hint={t('auth.passwordHint')}
          testId="change-password"
        />
        <PasswordField
          label={t('auth.repeatPassword')}
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          problem={problems.repeat}
          showProblem={sent}
          testId="change-repeat"
        />
        <FormError text={failure} />
        {expired ? (
          <Link to="/forgot-password" replace className="btn btn-primary btn-block">
            {t('auth.change.expired')}
          </Link>
        ) : (
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="change-submit">
            {t('auth.change.submit')}
          </button>
        )}
      </form>
    </Screen>
  );
}
