import type { Gender } from '@cordata/contract';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { TextField } from '../../../components/forms/Field.tsx';
import {
  birthDateProblem,
  nameProblem,
  type Problem,
  problemsOf,
  required,
  usernameProblem,
} from '../../../components/forms/validation.ts';
import { GENDERS, MIN_AGE_YEARS } from '../../../contract.ts';
import { StepActions } from './StepActions.tsx';

export interface Personal {
  firstName: string;
  lastName: string;
  username: string;
  birthDate: string;
  gender: Gender;
  country: string;
  city: string;
  phone: string;
}

/** The latest birth date that is old enough today, for the date picker. */
const latestBirthDate = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear() - MIN_AGE_YEARS, d.getUTCMonth(), d.getUTCDate()))
    .toISOString()
    .slice(0, 10);
};

export const emptyPersonal: Personal = {
  firstName: '',
  lastName: '',
  username: '',
  birthDate: '',
  gender: 'UNSPECIFIED',
  country: '',
  city: '',
  phone: '',
};

/** Step 3: the personal data; the username is checked as it is left (and again by the server). */
export function PersonalStep({
  value,
  onChange,
  taken,
  onTaken,
  onBack,
  onNext,
}: {
  value: Personal;
  onChange: (p: Personal) => void;
  taken: string | null;
  onTaken: (username: string | null) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const genderId = useId();
  const [sent, setSent] = useState(false);
  const [checking, setChecking] = useState(false);
  const set = (field: keyof Personal) => (v: string) => onChange({ ...value, [field]: v });
  const isTaken = taken !== null && taken === value.username.trim().toLowerCase();
  const problems = problemsOf({
    firstName: nameProblem(value.firstName),
    lastName: nameProblem(value.lastName),
    username: usernameProblem(value.username) ?? (isTaken ? ('usernameTaken' as Problem) : null),
    birthDate: birthDateProblem(value.birthDate),
    country: required(value.country),
    city: required(value.city),
  });

  const checkUsername = async () => {
    const username = value.username.trim();
    if (usernameProblem(username)) return true;
    setChecking(true);
    try {
      const { exists } = await api('auth/username-exists', { username });
      onTaken(exists ? username.toLowerCase() : null);
      return !exists;
    } catch {
      return true; // the server checks again when the profile is created
    } finally {
      setChecking(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    if (Object.keys(problems).length) return;
    if (await checkUsername()) onNext();
  };

  /** One text field of the step: its label, value and problem by the field's name. */
  const field = (
    key: Exclude<keyof Personal, 'gender'>,
    testId: string,
    props: Partial<ComponentProps<typeof TextField>>,
  ) => (
    <TextField
      label={t(`auth.profile.personal.${key}`)}
      value={value[key]}
      onChange={set(key)}
      problem={problems[key as keyof typeof problems]}
      showProblem={sent}
      testId={testId}
      {...props}
    />
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <h2>{t('auth.profile.personal.title')}</h2>
      {field('firstName', 'profile-first-name', { autoComplete: 'given-name', nameRules: true })}
      {field('lastName', 'profile-last-name', { autoComplete: 'family-name', nameRules: true })}
      {field('username', 'profile-username', {
        autoComplete: 'username',
        autoCapitalize: 'none',
        onBlur: () => void checkUsername(),
        showProblem: sent || isTaken,
      })}
      {field('birthDate', 'profile-birth-date', { type: 'date', max: latestBirthDate(), min: '1900-01-01' })}
      <div className="field">
        <label htmlFor={genderId}>{t('auth.profile.personal.gender')}</label>
        <select
          id={genderId}
          data-testid="profile-gender"
          value={value.gender}
          onChange={(e) => set('gender')(e.target.value)}
        >
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`auth.profile.personal.genders.${g}`)}
            </option>
          ))}
        </select>
      </div>
      {field('country', 'profile-country', { autoComplete: 'country-name' })}
      {field('city', 'profile-city', { autoComplete: 'address-level2' })}
      {field('phone', 'profile-phone', { type: 'tel', autoComplete: 'tel' })}
      <StepActions onBack={onBack} nextLabel={t('auth.profile.next')} busy={checking} />
    </form>
  );
}
