import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../api/client.ts';
import { errorText, showSuccess } from '../../components/feedback.ts';
import { FormError, PasswordField } from '../../components/forms/Field.tsx';
import { newPasswordProblem, problemsOf, repeatProblem, required } from '../../components/forms/validation.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';

/** The signed-in password change (account sheet, security step): the current password, then a new one twice. */
export function SignedInPasswordForm() {
  const { t } = useTranslation();
  const email = useOwnProfileQuery().data?.user.email;
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problems = problemsOf({
    current: required(current),
    password: newPasswordProblem(password, email),
    repeat: repeatProblem(password, repeat),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    setFailure(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await api('auth/email/confirm-change-password', { currentPassword: current, password });
      for (const clear of [setCurrent, setPassword, setRepeat]) clear('');
      setSent(false);
      showSuccess(t('auth.change.signedInSuccess'));
    } catch (error) {
      setFailure(
        isApiError(error) && error.code === 'INVALID_CREDENTIALS' ? t('auth.change.currentWrong') : errorText(error),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} data-testid="signed-in-password-form">
      <p className="auth-intro">{t('auth.change.signedInIntro')}</p>
      <PasswordField
        label={t('auth.currentPassword')}
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        problem={problems.current}
        showProblem={sent}
        testId="security-current-password"
      />
      <PasswordField
        label={t('auth.newPassword')}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        problem={problems.password}
        showProblem={sent}
        hint={t('auth.passwordHint')}
        testId="security-new-password"
      />
      <PasswordField
        label={t('auth.repeatPassword')}
        autoComplete="new-password"
        value={repeat}
        onChange={setRepeat}
        problem={problems.repeat}
        showProblem={sent}
        testId="security-repeat"
      />
      <FormError text={failure} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="security-submit">
        {t('auth.change.submit')}
      </button>
    </form>
  );
}
