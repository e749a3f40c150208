import type { AdminCallBody, AdminSport, Language } from '@cordata/contract';
import { LANGUAGES, SPORT_ID_PATTERN, SPORT_NAME_LENGTH } from '../../contract.ts';
import { useActionDialog } from '../Dialog.tsx';
import { useAdminMutation, useSportsQuery } from '../queries.ts';
import { ActionMessage, adminErrorText, ErrorText, Table, useT } from '../shared.tsx';

type SportNames = AdminCallBody<'sports/create'>['names'];
/** A sport has a name in each language of the app; only English and Italian are required. */
const REQUIRED: ReadonlySet<Language> = new Set(['en', 'it']);
const LABEL_KEY = {
  en: 'sports.nameEn',
  it: 'sports.nameIt',
  de: 'sports.nameDe',
  fr: 'sports.nameFr',
  es: 'sports.nameEs',
} as const satisfies Record<Language, string>;

/** The names as the API takes them: a translation left empty is left out, and the app shows the English name. */
function namesFrom(get: (language: Language) => string): SportNames {
  const names: SportNames = { en: get('en'), it: get('it') };
  for (const language of LANGUAGES) {
    const name = get(language);
    if (name && !REQUIRED.has(language)) names[language] = name;
  }
  return names;
}

/** The sports catalogue (admins only): add, rename, retire or bring back, delete when unused. */
export function SportsPage() {
  const t = useT();
  const { data: sports, error } = useSportsQuery();
  const dialogs = useActionDialog();
  const create = useAdminMutation('sports/create');
  const rename = useAdminMutation('sports/update');
  const retire = useAdminMutation('sports/update');
  const remove = useAdminMutation('sports/delete');
  // The last failure of an action taken without a dialog (adding, retiring).
  const failed = create.error ?? retire.error;
  const nameField = (language: Language, sport: AdminSport) =>
    ({
      kind: 'text',
      name: language,
      label: t(LABEL_KEY[language]),
      initial: sport.names[language] ?? '',
      // 0: the dialog accepts an empty translation; the server still checks the length of one given.
      minLength: REQUIRED.has(language) ? SPORT_NAME_LENGTH.min : 0,
      maxLength: SPORT_NAME_LENGTH.max,
    }) as const;
  return (
    <section data-testid="admin-sports">
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const get = (k: string) => String(f.get(k) ?? '').trim();
          create.mutate({
            sportId: get('sportId'),
            names: namesFrom(get),
            icon: get('sportId'),
            intensityKinds: ['DISTANCE', 'TIME'],
          });
        }}
      >
        <input
          name="sportId"
          placeholder={t('sports.idField')}
          aria-label={t('sports.idField')}
          required
          pattern={SPORT_ID_PATTERN}
        />
        {LANGUAGES.map((language) => (
          <input
            key={language}
            name={language}
            placeholder={t(LABEL_KEY[language])}
            aria-label={t(LABEL_KEY[language])}
            maxLength={SPORT_NAME_LENGTH.max}
            required={REQUIRED.has(language)}
          />
        ))}
        <button type="submit" className="btn">
          {t('common.add')}
        </button>
      </form>
      {error ? <ErrorText error={error} /> : failed && <p className="admin-error">{adminErrorText(failed)}</p>}
      <ActionMessage message={dialogs.message} />
      <Table head={['id', ...LANGUAGES.map((language) => language.toUpperCase()), t('common.status'), '']}>
        {sports?.map((s) => (
          <tr key={s.sportId}>
            <td>{s.sportId}</td>
            {LANGUAGES.map((language) => (
              <td key={language}>{s.names[language] ?? <span title={t('sports.nameMissing')}>—</span>}</td>
            ))}
            <td>
              {s.retiredAt ? t('common.retired') : t('common.live')} ·{' '}
              {t('common.inUseUsers', { count: s.usage.users })},{' '}
              {t('common.inUseActivities', { count: s.usage.activities })}
            </td>
            <td className="admin-actions">
              <button
                type="button"
                className="btn"
                onClick={() =>
                  dialogs.open({
                    title: t('sports.renameTitle', { name: s.names.en }),
                    fields: LANGUAGES.map((language) => nameField(language, s)),
                    confirmLabel: t('common.save'),
                    run: (v) => rename.mutateAsync({ sportId: s.sportId, names: namesFrom((l) => v[l] ?? '') }),
                  })
                }
              >
                {t('sports.rename')}
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => retire.mutate({ sportId: s.sportId, retired: !s.retiredAt })}
              >
                {s.retiredAt ? t('common.bringBack') : t('common.retire')}
              </button>
              <button
                type="button"
                className="btn btn-error"
                onClick={() =>
                  dialogs.open({
                    title: t('sports.deleteTitle', { name: s.names.en }),
                    description: t('sports.deleteText'),
                    fields: [],
                    confirmLabel: t('common.delete'),
                    danger: true,
                    run: () => remove.mutateAsync({ sportId: s.sportId }),
                    done: (r) => t(r.outcome === 'DELETED' ? 'sports.deleted' : 'sports.retired'),
                  })
                }
              >
                {t('common.delete')}
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {dialogs.dialog}
    </section>
  );
}
