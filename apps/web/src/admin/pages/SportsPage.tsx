import { SPORT_ID_PATTERN, SPORT_NAME_LENGTH } from '../../contract.ts';
import { useActionDialog } from '../Dialog.tsx';
import { useAdminMutation, useSportsQuery } from '../queries.ts';
import { ActionMessage, adminErrorText, ErrorText, Table, useT } from '../shared.tsx';

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
  const nameField = (name: 'en' | 'it', label: string, initial: string) =>
    ({
      kind: 'text',
      name,
      label,
      initial,
      minLength: SPORT_NAME_LENGTH.min,
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
            names: { en: get('en'), it: get('it') },
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
        <input name="en" placeholder={t('sports.nameEn')} aria-label={t('sports.nameEn')} required />
        <input name="it" placeholder={t('sports.nameIt')} aria-label={t('sports.nameIt')} required />
        <button type="submit" className="btn">
          {t('common.add')}
        </button>
      </form>
      {error ? <ErrorText error={error} /> : failed && <p className="admin-error">{adminErrorText(failed)}</p>}
      <ActionMessage message={dialogs.message} />
      <Table head={['id', 'EN', 'IT', t('common.status'), '']}>
        {sports?.map((s) => (
          <tr key={s.sportId}>
            <td>{s.sportId}</td>
            <td>{s.names.en}</td>
            <td>{s.names.it}</td>
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
                    fields: [
                      nameField('en', t('sports.nameEn'), s.names.en),
                      nameField('it', t('sports.nameIt'), s.names.it),
                    ],
                    confirmLabel: t('common.save'),
                    run: (v) => rename.mutateAsync({ sportId: s.sportId, names: { en: v.en!, it: v.it! } }),
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
