import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../api/client.ts';
import { errorText, showSuccess } from '../../components/feedback.ts';
import { FormError, PasswordField } from '../../components/forms/Field.tsx';
import { NewPasswordFields, useNewPassword } from '../../components/forms/NewPasswordFields.tsx';
import { useFormSubmit } from '../../components/forms/useFormSubmit.ts';
import { problemsOf, required } from '../../components/forms/validation.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';

/** The signed-in password change (account sheet, security step): the current password, then a new one twice. */
export function SignedInPasswordForm() {
  const { t } = useTranslation();
  const email = useOwnProfileQuery().data?.user.email;
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword(email);
  // Bumped after a change: the fields start afresh (not touched, hidden), so the emptied form shows no
  // "Required field" under each one (the review: a success that looked like a failure).
  const [round, setRound] = useState(0);
  const problems = problemsOf({ current: required(current), ...newPassword.problems });
  const { sent, busy, failure, submit, reset } = useFormSubmit(
    problems,
    async () => {
      await api('auth/email/confirm-change-password', { currentPassword: current, password: newPassword.password });
      setCurrent('');
      newPassword.clear();
      reset();
      setRound((r) => r + 1);
      showSuccess(t('auth.change.signedInSuccess'));
    },
    (error) =>
      isApiError(error) && error.code === 'INVALID_CREDENTIALS' ? t('auth.change.currentWrong') : errorText(error),
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit} data-testid="signed-in-password-form">
      <p className="auth-intro">{t('auth.change.signedInIntro')}</p>
      <PasswordField
        key={`current-${round}`}
        label={t('auth.currentPassword')}
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        problem={problems.current}
        showProblem={sent}
        testId="security-current-password"
      />
      <NewPasswordFields
        key={`new-${round}`}
        value={newPassword}
        label={t('auth.newPassword')}
        showProblem={sent}
        testIds={{ password: 'security-new-password', repeat: 'security-repeat' }}
      />
      <FormError text={failure} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="security-submit">
        {t('auth.change.submit')}
      </button>
    </form>
  );
}
