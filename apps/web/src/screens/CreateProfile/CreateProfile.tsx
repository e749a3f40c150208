import type { Gender, IntensityKind, Sport, UserSport } from '@cordata/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, isApiError } from '../../api/client.ts';
import { uploadFile } from '../../api/upload.ts';
import { errorText, showError, showErrorText } from '../../components/feedback.ts';
import { FormError, TextField } from '../../components/forms/Field.tsx';
import { showPicturePermissionError, takeOrChoosePicture } from '../../components/forms/picture.ts';
import {
  birthDateProblem,
  nameProblem,
  type Problem,
  problemsOf,
  required,
  usernameProblem,
} from '../../components/forms/validation.ts';
import { Icon } from '../../components/Icon.tsx';
import { Logo } from '../../components/Logo.tsx';
import { Screen } from '../../components/Screen.tsx';
import { GENDERS, IMAGE_TYPES, type ImageType, MIN_AGE_YEARS } from '../../contract.ts';
import { isLanguage } from '../../i18n/index.ts';
import { getPlatform } from '../../native/index.ts';
import { continueTo } from '../../routing/deep-link.ts';
import { useAuthStore } from '../../state/auth.ts';
import { ownProfileQueryKey } from '../../state/queries/profile.ts';
import { useSportsQuery } from '../../state/queries/sports.ts';
import { toIntensity } from './intensity.ts';
import './CreateProfile.css';

const STEPS = ['intro', 'picture', 'personal', 'sports', 'intensity', 'done'] as const;
type Step = (typeof STEPS)[number];
const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

interface Personal {
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

/** The profile wizard of spec §4: introduction, picture, personal data, sports, intensity, completed. */
export default function CreateProfile() {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState<Step>('intro');
  const [picture, setPicture] = useState<string | null>(null);
  const [personal, setPersonal] = useState<Personal>({
    firstName: '',
    lastName: '',
    username: '',
    birthDate: '',
    gender: 'UNSPECIFIED',
    country: '',
    city: '',
    phone: '',
  });
  const [sportIds, setSportIds] = useState<string[]>([]);
  const [usernameTaken, setUsernameTaken] = useState<string | null>(null);
  const [name, setName] = useState('');
  const index = STEPS.indexOf(step);
  const go = (next: Step) => setStep(next);

  return (
    <Screen title={t('screens.createProfile')} testId="create-profile-screen">
      <div className="wizard" data-testid={`profile-step-${step}`}>
        <div className="wizard-progress" aria-hidden="true">
          <span style={{ width: `${((index + 1) / STEPS.length) * 100}%` }} />
        </div>
        <p className="wizard-step-of">{t('auth.profile.stepOf', { n: index + 1, total: STEPS.length })}</p>
        {step === 'intro' && <Intro onNext={() => go('picture')} />}
        {step === 'picture' && (
          <PictureStep
            picture={picture}
            onPicture={setPicture}
            onBack={() => go('intro')}
            onNext={() => go('personal')}
          />
        )}
        {step === 'personal' && (
          <PersonalStep
            value={personal}
            onChange={setPersonal}
            taken={usernameTaken}
            onTaken={setUsernameTaken}
            onBack={() => go('picture')}
            onNext={() => go('sports')}
          />
        )}
        {step === 'sports' && (
          <SportsStep
            selected={sportIds}
            onChange={setSportIds}
            onBack={() => go('personal')}
            onNext={() => go('intensity')}
          />
        )}
        {step === 'intensity' && (
          <IntensityStep
            sportIds={sportIds}
            onBack={() => go('sports')}
            submit={async (sports) => {
              try {
                const user = await createProfile({ personal, picture, sports });
                setName(user.firstName ?? '');
                go('done');
              } catch (error) {
                if (isApiError(error) && error.code === 'USERNAME_TAKEN') {
                  setUsernameTaken(personal.username.trim().toLowerCase());
                  go('personal');
                  return;
                }
                throw error;
              }
            }}
          />
        )}
        {step === 'done' && <Done name={name} />}
      </div>
    </Screen>
  );

  async function createProfile(input: { personal: Personal; picture: string | null; sports: UserSport[] }) {
    const p = input.personal;
    const { user } = await api('auth/create-profile', {
      firstName: p.firstName.trim(),
      lastName: p.lastName.trim(),
      username: p.username.trim(),
      birthDate: p.birthDate,
      gender: p.gender,
      country: p.country.trim(),
      city: p.city.trim(),
      phone: p.phone.trim() || undefined,
      profilePicture: input.picture ?? undefined,
      language: isLanguage(i18n.language) ? i18n.language : undefined,
      sports: input.sports,
    });
    return user;
  }
}

function StepActions({
  onBack,
  nextLabel,
  busy,
  testId = 'profile-next',
}: {
  onBack?: () => void;
  nextLabel: string;
  busy?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="wizard-actions">
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid={testId}>
        {nextLabel}
      </button>
      {onBack && (
        <button type="button" className="btn btn-ghost btn-block" data-testid="profile-back" onClick={onBack}>
          {t('auth.profile.back')}
        </button>
      )}
    </div>
  );
}

function Intro({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <form
      className="auth-form"
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      <div className="wizard-hero" aria-hidden="true">
        <Logo size={88} />
      </div>
      <h2>{t('auth.profile.intro.title')}</h2>
      <p className="auth-intro">{t('auth.profile.intro.text')}</p>
      <StepActions nextLabel={t('auth.profile.intro.start')} />
    </form>
  );
}

function PictureStep({
  picture,
  onPicture,
  onBack,
  onNext,
}: {
  picture: string | null;
  onPicture: (url: string | null) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(picture);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const native = getPlatform().isNative;

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null | undefined) => {
    if (!chosen) return;
    if (!isImageType(chosen.type)) {
      showErrorText(t('errors.UPLOAD_INVALID'));
      return;
    }
    setFile(chosen);
  };

  // Uploads straight to storage through a signed URL; without one (or on failure) the step can still be skipped.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || !isImageType(file.type)) return onNext();
    setBusy(true);
    setProgress(0);
    try {
      onPicture(await uploadFile(file, 'PROFILE_PICTURE', setProgress));
      onNext();
    } catch (error) {
      if (isApiError(error)) showError(error);
      else showPicturePermissionError(t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit}>
      <h2>{t('auth.profile.picture.title')}</h2>
      <p className="auth-intro">{t('auth.profile.picture.text')}</p>
      <div className="picture-preview">
        {preview ? (
          <img src={preview} alt={t('auth.profile.picture.alt')} data-testid="profile-picture-preview" />
        ) : (
          <span className="picture-empty" aria-hidden="true">
            <Icon name="user" size={64} />
          </span>
        )}
      </div>
      {native ? (
        // The phone app: Capacitor Camera's sheet takes a photo or chooses one from the library.
        <button
          type="button"
          className="btn btn-outline btn-block"
          disabled={busy}
          data-testid="profile-picture-native"
          onClick={async () => choose(await takeOrChoosePicture(t))}
        >
          {preview ? t('auth.profile.picture.changeNative') : t('auth.profile.picture.takeOrChoose')}
        </button>
      ) : (
        <>
          <label htmlFor={inputId} className="btn btn-outline btn-block">
            {preview ? t('auth.profile.picture.change') : t('auth.profile.picture.choose')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="visually-hidden"
            data-testid="profile-picture-input"
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </>
      )}
      {busy && (
        <>
          <progress className="upload-progress" max={1} value={progress} data-testid="upload-progress" />
          <small className="muted">
            {t('auth.profile.picture.uploadingPercent', { percent: Math.round(progress * 100) })}
          </small>
        </>
      )}
      <div className="wizard-actions">
        {/* Skipping is allowed, not encouraged: it is the quiet choice until a photo is chosen. */}
        <button
          type="submit"
          className={`btn btn-block ${file || busy ? 'btn-primary' : 'btn-outline'}`}
          disabled={busy}
          data-testid="profile-next"
        >
          {busy ? t('auth.profile.picture.uploading') : file ? t('auth.profile.next') : t('auth.profile.skip')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" data-testid="profile-back" onClick={onBack}>
          {t('auth.profile.back')}
        </button>
      </div>
    </form>
  );
}

function PersonalStep({
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

function useSportNames() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'it' ? 'it' : 'en';
  return (sport: Sport) => sport.names[lang] ?? sport.name;
}

function SportsStep({
  selected,
  onChange,
  onBack,
  onNext,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const sports = useSportsQuery();
  const nameOf = useSportNames();
  const [sent, setSent] = useState(false);
  const problem = selected.length ? null : 'sportRequired';
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSent(true);
        if (!problem) onNext();
      }}
    >
      <h2>{t('auth.profile.sports.title')}</h2>
      <p className="auth-intro">{t('auth.profile.sports.text')}</p>
      {sports.isPending && <p role="status">{t('auth.profile.sports.loading')}</p>}
      {sports.isError && <FormError text={errorText(sports.error)} />}
      <fieldset className="sport-chips" aria-label={t('auth.profile.sports.title')}>
        {sports.data?.sports.map((sport) => (
          <button
            key={sport.sportId}
            type="button"
            className="sport-chip"
            aria-pressed={selected.includes(sport.sportId)}
            data-testid={`sport-${sport.sportId}`}
            onClick={() => toggle(sport.sportId)}
          >
            {nameOf(sport)}
          </button>
        ))}
      </fieldset>
      {sent && problem && (
        <p className="field-problem" role="alert" data-testid="sports-problem">
          {t(`validation.${problem}`)}
        </p>
      )}
      <StepActions onBack={onBack} nextLabel={t('auth.profile.next')} />
    </form>
  );
}

function IntensityStep({
  sportIds,
  onBack,
  submit,
}: {
  sportIds: string[];
  onBack: () => void;
  submit: (sports: UserSport[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const sports = useSportsQuery();
  const nameOf = useSportNames();
  const chosen = (sports.data?.sports ?? []).filter((s) => sportIds.includes(s.sportId));
  const [kinds, setKinds] = useState<Record<string, IntensityKind>>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const kindOf = (sport: Sport) => kinds[sport.sportId] ?? sport.intensityKinds[0]!;
  const problemOf = (sport: Sport): string | null => {
    const typed = values[sport.sportId] ?? '';
    if (!typed.trim()) return t('validation.required');
    return toIntensity(kindOf(sport), typed) ? null : t('auth.profile.intensity.invalid');
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    setFailure(null);
    if (chosen.some((s) => problemOf(s))) return;
    setBusy(true);
    try {
      await submit(
        chosen.map((s) => ({ sportId: s.sportId, intensity: toIntensity(kindOf(s), values[s.sportId] ?? '')! })),
      );
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <h2>{t('auth.profile.intensity.title')}</h2>
      <p className="auth-intro">{t('auth.profile.intensity.text')}</p>
      {chosen.map((sport) => {
        const kind = kindOf(sport);
        const problem = sent ? problemOf(sport) : null;
        return (
          <fieldset key={sport.sportId} className="intensity-row" data-testid={`intensity-${sport.sportId}`}>
            <legend>{nameOf(sport)}</legend>
            <div className="intensity-inputs">
              <select
                aria-label={t('auth.profile.intensity.kind')}
                value={kind}
                data-testid={`intensity-kind-${sport.sportId}`}
                onChange={(e) => setKinds({ ...kinds, [sport.sportId]: e.target.value as IntensityKind })}
              >
                {sport.intensityKinds.map((k) => (
                  <option key={k} value={k}>
                    {t(`auth.profile.intensity.kinds.${k}`)}
                  </option>
                ))}
              </select>
              <input
                aria-label={t('auth.profile.intensity.value')}
                inputMode={kind === 'PACE' ? 'text' : 'decimal'}
                placeholder={kind === 'PACE' ? t('auth.profile.intensity.pacePlaceholder') : ''}
                value={values[sport.sportId] ?? ''}
                aria-invalid={problem ? true : undefined}
                data-testid={`intensity-value-${sport.sportId}`}
                onChange={(e) => setValues({ ...values, [sport.sportId]: e.target.value })}
              />
              <span className="intensity-unit">{t(`auth.profile.intensity.units.${kind}`)}</span>
            </div>
            {problem && (
              <p className="field-problem" role="alert">
                {problem}
              </p>
            )}
          </fieldset>
        );
      })}
      <FormError text={failure} />
      <StepActions onBack={onBack} nextLabel={t('auth.profile.intensity.submit')} busy={busy} testId="profile-submit" />
    </form>
  );
}

function Done({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <div className="auth-form">
      <div className="wizard-hero" aria-hidden="true">
        <svg className="wizard-done-mark" viewBox="0 0 48 48" width="88" height="88" role="presentation">
          <circle cx="24" cy="24" r="22" />
          <path d="M14 25l7 7 13-15" />
        </svg>
      </div>
      <h2>{t('auth.profile.done.title')}</h2>
      <p className="auth-intro">{t('auth.profile.done.text', { name })}</p>
      <button
        type="button"
        className="btn btn-primary btn-block"
        data-testid="profile-done"
        onClick={() => {
          void queryClient.invalidateQueries({ queryKey: ownProfileQueryKey });
          useAuthStore.getState().setCompleted(true);
          navigate(continueTo('/home'), { replace: true });
        }}
      >
        {t('auth.profile.done.go')}
      </button>
    </div>
  );
}
