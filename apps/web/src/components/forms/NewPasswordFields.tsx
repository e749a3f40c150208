import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './Field.tsx';
import { newPasswordProblems } from './validation.ts';

/** A new password typed twice, checked with the contract's rule (which also refuses the address's name). */
export function useNewPassword(email?: string) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return {
    password,
    repeat,
    setPassword,
    setRepeat,
    problems: newPasswordProblems(password, repeat, email),
    clear: () => {
      setPassword('');
      setRepeat('');
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** The new password, with the rule as its hint, and its repetition. */
export function NewPasswordFields({
  value,
  label,
  showProblem,
  testIds,
}: {
  value: NewPassword;
  label: string;
  showProblem: boolean;
  testIds: { password: string; repeat: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        value={value.password}
        onChange={value.setPassword}
        problem={value.problems.password}
        showProblem={showProblem}
        hint={t('auth.passwordHint')}
        testId={testIds.password}
      />
      <PasswordField
        label={t('auth.repeatPassword')}
        autoComplete="new-password"
        value={value.repeat}
        onChange={value.setRepeat}
        problem={value.problems.repeat}
        showProblem={showProblem}
        testId={testIds.repeat}
      />
    </>
  );
}
