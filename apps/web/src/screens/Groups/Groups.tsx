import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupCard } from '../../components/Group/GroupCard.tsx';
import { useDebouncedValue } from '../../components/PlaceSearch/useDebouncedValue.ts';
import { Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';
import { openSheet } from '../../sheets/store.ts';
import { useExploreGroupsQuery, useUserGroupsQuery } from '../../state/queries/group.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { useUiStore } from '../../state/ui.ts';
import '../../components/Activity/activity.css';
import '../../components/Group/group.css';
import '../../components/People/people.css';

type Tab = 'mine' | 'explore';

/** My groups, and finding others by name, place and sports (the group-filters sheet). */
export default function Groups() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('mine');
  return (
    <Screen title={t('screens.groups')} testId="groups-screen" actions={<TabActions />}>
      <div className="people-tabs" role="tablist">
        {(['mine', 'explore'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            data-testid={`groups-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {t(`group.tabs.${name}`)}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="btn btn-primary btn-block groups-create"
        data-testid="groups-create"
        onClick={() => openSheet({ type: 'handle-group', params: { step: 'info' } })}
      >
        {t('group.create')}
      </button>
      {tab === 'mine' ? <MyGroups /> : <Explore />}
    </Screen>
  );
}

function MyGroups() {
  const { t } = useTranslation();
  const me = useOwnProfileQuery().data?.user.userId;
  const query = useUserGroupsQuery(me);
  const groups = query.data?.pages.flatMap((p) => p.groups) ?? [];
  if (query.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (query.isError) return <p className="placeholder">{t('errors.INTERNAL')}</p>;
  if (groups.length === 0)
    return (
      <p className="placeholder" data-testid="groups-empty">
        {t('group.noGroups')}
      </p>
    );
  return (
    <>
      <ul className="group-list" data-testid="my-groups">
        {groups.map((g) => (
          <GroupCard key={g.groupId} group={g} />
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {t('group.showMore')}
        </button>
      )}
    </>
  );
}

function Explore() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim());
  const filters = useUiStore((s) => s.groupFilters);
  const active = (filters.near ? 1 : 0) + (filters.sportIds.length ? 1 : 0);
  const explore = useExploreGroupsQuery(query, filters);
  const groups = explore.data?.pages.flatMap((p) => p.groups) ?? [];
  return (
    <>
      <div className="people-filters groups-toolbar">
        <input
          type="search"
          value={text}
          placeholder={t('group.search')}
          aria-label={t('group.search')}
          data-testid="groups-search"
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-outline"
          data-testid="groups-filters"
          onClick={() => openSheet({ type: 'group-filters', params: {} })}
        >
          {active ? t('group.filtersOn', { count: active }) : t('group.filters')}
        </button>
      </div>
      {explore.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : explore.isError ? (
        <p className="placeholder">{t('errors.INTERNAL')}</p>
      ) : groups.length === 0 ? (
        <p className="placeholder" data-testid="groups-no-results">
          {t('group.noResults')}
        </p>
      ) : (
        <ul className="group-list" data-testid="explore-groups">
          {groups.map((g) => (
            <GroupCard key={g.groupId} group={g} />
          ))}
        </ul>
      )}
      {explore.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={explore.isFetchingNextPage}
          onClick={() => explore.fetchNextPage()}
        >
          {t('group.showMore')}
        </button>
      )}
    </>
  );
}
