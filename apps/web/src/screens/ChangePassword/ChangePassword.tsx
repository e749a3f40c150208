import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { api, isApiError } from '../../api/client.ts';
import { errorText, showSuccess } from '../../components/feedback.ts';
import { FormError } from '../../components/forms/Field.tsx';
import { NewPasswordFields, useNewPassword } from '../../components/forms/NewPasswordFields.tsx';
import { useFormSubmit } from '../../components/forms/useFormSubmit.ts';
import { problemsOf } from '../../components/forms/validation.ts';
import { Screen } from '../../components/Screen.tsx';

/**
 * The last step of a password reset (a logged-out route, spec §2): a new password, twice, with the
 * reset token that /forgot-password obtained. Without one, the reset starts over.
 */
export default function ChangePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as { resetToken?: string; email?: string };
  const newPassword = useNewPassword(state.email);
  const [expired, setExpired] = useState(false);
  const resetToken = state.resetToken;
  const { sent, busy, failure, submit } = useFormSubmit(
    problemsOf(newPassword.problems),
    async () => {
      await api('auth/email/reset-password', { resetToken: resetToken ?? '', password: newPassword.password });
      showSuccess(t('auth.change.success'));
      navigate('/login', { replace: true });
    },
    (error) => {
      if (isApiError(error) && error.code === 'RESET_TOKEN_INVALID') setExpired(true);
      return errorText(error);
    },
  );
  if (!resetToken) return <Navigate to="/forgot-password" replace />;

  return (
    <Screen title={t('screens.changePassword')} testId="change-password-screen" back>
      <form className="auth-form" noValidate onSubmit={submit}>
        <p className="auth-intro">{t('auth.change.intro', { email: state.email ?? '' })}</p>
        <NewPasswordFields
          value={newPassword}
          label={t('auth.newPassword')}
          showProblem={sent}
          testIds={{ password: 'change-password', repeat: 'change-repeat' }}
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
