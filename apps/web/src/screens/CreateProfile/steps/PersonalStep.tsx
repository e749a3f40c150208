import type { Gender } from '@cordata/contract';
import { type FormEvent, useId, useState } from 'react';
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

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <h2>{t('auth.profile.personal.title')}</h2>
      <TextField
        label={t('auth.profile.personal.firstName')}
        autoComplete="given-name"
        value={value.firstName}
        onChange={set('firstName')}
        problem={problems.firstName}
        showProblem={sent}
        testId="profile-first-name"
        nameRules
      />
      <TextField
        label={t('auth.profile.personal.lastName')}
        autoComplete="family-name"
        value={value.lastName}
        onChange={set('lastName')}
        problem={problems.lastName}
        showProblem={sent}
        testId="profile-last-name"
        nameRules
      />
      <TextField
        label={t('auth.profile.personal.username')}
        autoComplete="username"
        autoCapitalize="none"
        value={value.username}
        onChange={set('username')}
        onBlur={() => void checkUsername()}
        problem={problems.username}
        showProblem={sent || isTaken}
        testId="profile-username"
      />
      <TextField
        label={t('auth.profile.personal.birthDate')}
        type="date"
        max={latestBirthDate()}
        min="1900-01-01"
        value={value.birthDate}
        onChange={set('birthDate')}
        problem={problems.birthDate}
        showProblem={sent}
        testId="profile-birth-date"
      />
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
      <TextField
        label={t('auth.profile.personal.country')}
        autoComplete="country-name"
        value={value.country}
        onChange={set('country')}
        problem={problems.country}
        showProblem={sent}
        testId="profile-country"
      />
      <TextField
        label={t('auth.profile.personal.city')}
        autoComplete="address-level2"
        value={value.city}
        onChange={set('city')}
        problem={problems.city}
        showProblem={sent}
        testId="profile-city"
      />
      <TextField
        label={t('auth.profile.personal.phone')}
        type="tel"
        autoComplete="tel"
        value={value.phone}
        onChange={set('phone')}
        testId="profile-phone"
      />
      <StepActions onBack={onBack} nextLabel={t('auth.profile.next')} busy={checking} />
    </form>
  );
}
