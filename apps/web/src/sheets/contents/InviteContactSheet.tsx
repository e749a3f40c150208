import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../components/kit/SearchField.tsx';
import { InviteCandidates } from '../../components/People/InviteCandidates.tsx';
import { useInviteCandidates } from '../../state/queries/invitable.ts';
import { useSheetStore } from '../store.ts';
import type { SheetParams } from '../types.ts';

/**
 * Invite contacts to an activity (`id`) or a group (`groupId`): a searchable multi-select of one's contacts,
 * 10 a page with "Load more", each with whether it may be invited there. `contacts` are the ids chosen at
 * first; choices stay as more pages load or the search changes; `onSubmit` receives the chosen ids and the
 * sheet closes.
 */
export function InviteContactContent({
  sheetKey,
  params,
}: {
  sheetKey: number;
  params: SheetParams['invite-contact'];
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query.trim());
  const [chosen, setChosen] = useState(() => new Set(params.contacts));
  const list = useInviteCandidates({ activityId: params.id, groupId: params.groupId }, search);
  const toggle = (userId: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (!next.delete(userId)) next.add(userId);
      return next;
    });
  const submit = () => {
    params.onSubmit?.([...chosen]);
    useSheetStore.getState().close(sheetKey);
  };
  return (
    <div className="sheet-body" data-testid="invite-contact-sheet">
      <div className="people-filters">
        <SearchField label={t('people.invite.search')} value={query} onChange={setQuery} testId="invite-search" />
      </div>
      <InviteCandidates
        list={list}
        chosen={(userId) => chosen.has(userId)}
        onToggle={toggle}
        kind={params.id ? 'activity' : 'group'}
        empty={t('people.invite.none')}
      />
      <div className="sheet-footer">
        <button
          type="button"
          className="btn btn-blue btn-block"
          disabled={!chosen.size}
          data-testid="invite-submit"
          onClick={submit}
        >
          {chosen.size ? t('people.invite.submit', { count: chosen.size }) : t('people.invite.submitNone')}
        </button>
      </div>
    </div>
  );
}
