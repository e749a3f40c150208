import {
  DEFAULT_REMINDER_MINUTES,
  type Gender,
  type IntensityKind,
  type OwnUser,
  REMINDER_MINUTES_CHOICES,
  type ReminderMinutes,
  type UserSport,
} from '@cordata/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client.ts';
import { confirm, showError, showSuccess } from '../../../components/feedback.ts';
import { TextField } from '../../../components/forms/Field.tsx';
import { useStepUp } from '../../../components/forms/StepUp.tsx';
import {
  birthDateProblem,
  nameProblem,
  problemsOf,
  required,
  usernameProblem,
} from '../../../components/forms/validation.ts';
import { sportName, typedValue } from '../../../components/People/format.ts';
import { GENDERS, NOTIFICATION_TYPES } from '../../../contract.ts';
import { dateLocale } from '../../../i18n/dates.ts';
import { toIntensity, usualIntensity } from '../../../screens/CreateProfile/intensity.ts';
import { useAuthStore } from '../../../state/auth.ts';
import {
  usePreferencesQuery,
  useUpdatePreferencesMutation,
  useUpdateProfileMutation,
  useUpdateSportsMutation,
} from '../../../state/queries/people.ts';
import { useOwnProfileQuery } from '../../../state/queries/profile.ts';
import { useSportsQuery } from '../../../state/queries/sports.ts';
import { useUiStore } from '../../../state/ui.ts';
import { useSheetStore } from '../../store.ts';
import { PictureField } from './PictureField.tsx';

function SaveButton({ busy, testId }: { busy: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-blue btn-block" disabled={busy} data-testid={testId}>
      {busy ? t('people.settings.saving') : t('people.settings.save')}
    </button>
  );
}

function Form({ onSubmit, children, testId }: { onSubmit: () => void; children: ReactNode; testId: string }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="settings-form" onSubmit={submit} noValidate data-testid={testId}>
      {children}
    </form>
  );
}

/** Waits for the own profile, then shows the section made from it. */
export function WithOwnUser({ children }: { children: (user: OwnUser) => ReactNode }) {
  const { t } = useTranslation();
  const { data } = useOwnProfileQuery();
  return data ? children(data.user) : <p className="muted settings-form">{t('common.loading')}</p>;
}

/** Settings › user: picture, names, username, birth date, gender and where one lives. */
export function UserSection({ user }: { user: OwnUser }) {
  const { t } = useTranslation();
  const mutation = useUpdateProfileMutation();
  const [values, setValues] = useState({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username ?? '',
    birthDate: user.birthDate ?? '',
    gender: (user.gender ?? 'UNSPECIFIED') as Gender,
    country: user.country ?? '',
    city: user.city ?? '',
  });
  const [sent, setSent] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const problems = problemsOf({
    firstName: nameProblem(values.firstName),
    lastName: nameProblem(values.lastName),
    username: usernameProblem(values.username),
    birthDate: birthDateProblem(values.birthDate),
    country: required(values.country),
    city: required(values.city),
  });
  const save = () => {
    setSent(true);
    if (Object.keys(problems).length) return;
    mutation.mutate(values, { onSuccess: () => showSuccess(t('people.saved.profile')), onError: (e) => showError(e) });
  };
  const savePicture = (profilePicture: string) =>
    mutation.mutate(
      { profilePicture },
      { onSuccess: () => showSuccess(t('people.saved.profile')), onError: (e) => showError(e) },
    );
  const field = (key: keyof typeof problems, type = 'text') => (
    <TextField
      nameRules={key === 'firstName' || key === 'lastName'}
      label={t(`people.settings.${key}`)}
      value={values[key]}
      onChange={set(key)}
      problem={problems[key]}
      showProblem={sent}
      type={type}
      testId={`settings-${key}`}
    />
  );
  return (
    <Form onSubmit={save} testId="settings-user-form">
      <PictureField person={user} onUploaded={savePicture} />
      {field('firstName')}
      {field('lastName')}
      {field('username')}
      {field('birthDate', 'date')}
      <div className="field">
        <label htmlFor="settings-gender">{t('people.settings.gender')}</label>
        <select
          id="settings-gender"
          value={values.gender}
          data-testid="settings-gender"
          onChange={(e) => set('gender')(e.target.value)}
        >
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`people.settings.genders.${g}`)}
            </option>
          ))}
        </select>
      </div>
      {field('country')}
      {field('city')}
      <SaveButton busy={mutation.isPending} testId="settings-user-save" />
    </Form>
  );
}

/** Settings › contact: the phone number, which nobody else sees. */
export function ContactSection({ user }: { user: OwnUser }) {
  const { t } = useTranslation();
  const mutation = useUpdateProfileMutation();
  const [phone, setPhone] = useState(user.phone ?? '');
  const save = () =>
    mutation.mutate(
      { phone: phone.trim() || null },
      { onSuccess: () => showSuccess(t('people.saved.contact')), onError: (e) => showError(e) },
    );
  return (
    <Form onSubmit={save} testId="settings-contact-form">
      <TextField
        label={t('people.settings.phone')}
        value={phone}
        onChange={setPhone}
        type="tel"
        autoComplete="tel"
        hint={t('people.settings.phoneHint')}
        testId="settings-phone"
      />
      <SaveButton busy={mutation.isPending} testId="settings-contact-save" />
    </Form>
  );
}

/** Settings › account: the address it belongs to, and deleting it (after a confirmation). */
export function AccountSection({ user, sheetKey }: { user: OwnUser; sheetKey: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // The password is asked again before the account goes (the server refuses without it), or a provider confirms it.
  const stepUp = useStepUp('account', {
    needed: t('people.settings.deletePasswordNeeded'),
    wrong: t('people.settings.deletePasswordWrong'),
  });
  const remove = async () => {
    if (!stepUp.ready()) return;
    const ok = await confirm({
      title: t('people.settings.deleteTitle'),
      description: t('people.settings.deleteText'),
      confirmLabel: t('people.settings.deleteConfirm'),
      destructive: true,
    });
    if (!ok) return;
    setBusy(true);
    const deleted = await stepUp.run(() => api('user/delete-account'));
    setBusy(false);
    if (!deleted) return;
    useSheetStore.getState().close(sheetKey);
    useAuthStore.getState().logout();
    queryClient.clear();
    navigate('/', { replace: true });
    showSuccess(t('people.saved.deleted'));
  };
  const since = new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'long' }).format(
    new Date(user.createdAt),
  );
  return (
    <div className="settings-form" data-testid="settings-account-section">
      <p>
        {t('people.settings.email')}: <strong data-testid="settings-email">{user.email}</strong>
        <br />
        <small className="muted">{t('people.settings.memberSince', { date: since })}</small>
      </p>
      {stepUp.field({
        label: t('people.settings.deletePassword'),
        passwordTestId: 'settings-delete-password',
        reauthTestId: 'settings-delete-reauth',
      })}
      <button
        type="button"
        className="btn btn-error btn-block"
        disabled={busy}
        data-testid="settings-delete-account"
        onClick={remove}
      >
        {t('people.settings.deleteAccount')}
      </button>
    </div>
  );
}

type SportDraft = { kind: IntensityKind; typed: string };

/** Settings › sports: which sports, each with its usual intensity. */
export function SportsSection({ user }: { user: OwnUser }) {
  const { t, i18n } = useTranslation();
  const sports = useSportsQuery();
  const mutation = useUpdateSportsMutation();
  const [drafts, setDrafts] = useState<Map<string, SportDraft>>(
    () => new Map(user.sports.map((s) => [s.sportId, { kind: s.intensity.kind, typed: typedValue(s.intensity) }])),
  );
  const [sent, setSent] = useState(false);
  const update = (sportId: string, draft: SportDraft | null) =>
    setDrafts((previous) => {
      const next = new Map(previous);
      if (draft) next.set(sportId, draft);
      else next.delete(sportId);
      return next;
    });
  const chosen: { sportId: string; intensity: ReturnType<typeof toIntensity> }[] = [...drafts].map(([sportId, d]) => ({
    sportId,
    intensity: toIntensity(d.kind, d.typed),
  }));
  const save = () => {
    setSent(true);
    if (!chosen.length || chosen.some((c) => !c.intensity)) return;
    mutation.mutate(chosen as UserSport[], {
      onSuccess: () => showSuccess(t('people.saved.sports')),
      onError: (e) => showError(e),
    });
  };
  return (
    <Form onSubmit={save} testId="settings-sports-form">
      <p className="muted">{t('people.settings.sportsIntro')}</p>
      {sports.data?.sports.map((sport) => {
        const draft = drafts.get(sport.sportId);
        const invalid = sent && draft && !toIntensity(draft.kind, draft.typed);
        return (
          <div className="sport-edit" key={sport.sportId}>
            <label className="check-row">
              <input
                type="checkbox"
                checked={!!draft}
                data-testid={`settings-sport-${sport.sportId}`}
                onChange={(e) =>
                  update(
                    sport.sportId,
                    e.target.checked
                      ? {
                          kind: sport.intensityKinds[0]!,
                          typed: usualIntensity(sport.sportId, sport.intensityKinds[0]!),
                        }
                      : null,
                  )
                }
              />
              {sportName(sport, i18n.language, sport.sportId)}
            </label>
            {draft && (
              <div className="sport-edit-fields">
                <select
                  aria-label={t('people.settings.intensityKind')}
                  value={draft.kind}
                  onChange={(e) => {
                    const kind = e.target.value as IntensityKind;
                    update(sport.sportId, { kind, typed: usualIntensity(sport.sportId, kind) });
                  }}
                >
                  {sport.intensityKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`people.settings.kinds.${kind}`)}
                    </option>
                  ))}
                </select>
                <input
                  type="text"
                  inputMode={draft.kind === 'PACE' ? 'text' : 'decimal'}
                  aria-label={t('people.settings.intensityValue')}
                  aria-invalid={invalid || undefined}
                  placeholder={draft.kind === 'PACE' ? '5:30' : ''}
                  value={draft.typed}
                  data-testid={`settings-intensity-${sport.sportId}`}
                  onChange={(e) => update(sport.sportId, { ...draft, typed: e.target.value })}
                />
              </div>
            )}
            {invalid && <p className="field-problem">{t('people.settings.invalidIntensity')}</p>}
          </div>
        );
      })}
      {sent && !chosen.length && <p className="field-problem">{t('validation.sportRequired')}</p>}
      <SaveButton busy={mutation.isPending} testId="settings-sports-save" />
    </Form>
  );
}

/** The notifications step: push on or off per notification type. */
export function NotificationsStep() {
  const { t } = useTranslation();
  const failedPush = useUiStore((s) => s.failedToRegisterNotifications);
  const { data } = usePreferencesQuery();
  const mutation = useUpdatePreferencesMutation();
  const [changes, setChanges] = useState<Record<string, boolean>>({});
  const [reminder, setReminder] = useState<ReminderMinutes | undefined>();
  const save = () =>
    mutation.mutate(
      { preferences: changes, reminderMinutes: reminder },
      {
        onSuccess: () => {
          setChanges({});
          setReminder(undefined);
          showSuccess(t('people.saved.notifications'));
        },
        onError: (e) => showError(e),
      },
    );
  return (
    <Form onSubmit={save} testId="notifications-form">
      <p>{t('people.settings.notificationsIntro')}</p>
      {failedPush && (
        <p className="muted" data-testid="push-failed">
          {t('people.settings.pushFailed')}
        </p>
      )}
      {data && (
        <div className="field">
          <label htmlFor="settings-reminder">{t('people.settings.reminderLead')}</label>
          <select
            id="settings-reminder"
            value={reminder ?? data.reminderMinutes ?? DEFAULT_REMINDER_MINUTES}
            data-testid="settings-reminder"
            onChange={(e) => setReminder(Number(e.target.value) as ReminderMinutes)}
          >
            {REMINDER_MINUTES_CHOICES.map((m) => (
              <option key={m} value={m}>
                {t(`people.settings.reminderChoices.${m}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {data &&
        NOTIFICATION_TYPES.map((type) => {
          const on = changes[type] ?? data.preferences[type] ?? true;
          return (
            <label className="settings-toggle" key={type}>
              <span>{t(`people.notificationTypes.${type}`)}</span>
              <input
                type="checkbox"
                role="switch"
                aria-checked={on}
                checked={on}
                data-testid={`notification-pref-${type}`}
                onChange={(e) => setChanges((c) => ({ ...c, [type]: e.target.checked }))}
              />
            </label>
          );
        })}
      <SaveButton busy={mutation.isPending} testId="notifications-save" />
    </Form>
  );
}
