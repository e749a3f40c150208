import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, emptyAction } from '../../components/EmptyState.tsx';
import { GroupCard } from '../../components/Group/GroupCard.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { useDebouncedValue } from '../../components/PlaceSearch/useDebouncedValue.ts';
import { type QueryLike, QueryState } from '../../components/QueryState.tsx';
import { Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';
import { openSheet } from '../../sheets/store.ts';
import { useExploreGroupsQuery, useUserGroupsQuery } from '../../state/queries/group.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { emptyFilters, useUiStore } from '../../state/ui.ts';
import '../../components/Activity/activity.css';
import '../../components/Group/group.css';
import '../../components/People/people.css';
import { OptionGroup } from '../../components/kit/OptionGroup.tsx';
import { SearchField } from '../../components/kit/SearchField.tsx';

const TABS = ['mine', 'explore'] as const;
type Tab = (typeof TABS)[number];
const createGroup = () => openSheet({ type: 'handle-group', params: { step: 'info' } });

/** My groups, and finding others by name, place and sports (the group-filters sheet). */
export default function Groups() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // /groups?tab=explore: "Explore groups" from another screen's empty state.
  const [tab, setTab] = useState<Tab>(() => TABS.find((name) => name === search.get('tab')) ?? 'mine');
  return (
    <Screen title={t('screens.groups')} testId="groups-screen" actions={<TabActions />}>
      <OptionGroup
        mode="tabs"
        className="people-tabs"
        options={TABS}
        value={tab}
        onChange={setTab}
        label={(name) => t(`group.tabs.${name}`)}
        testId={(name) => `groups-tab-${name}`}
      />
      <button
        type="button"
        className="btn btn-primary btn-block groups-create"
        data-testid="groups-create"
        onClick={createGroup}
      >
        {t('group.create')}
      </button>
      {tab === 'mine' ? <MyGroups onExplore={() => setTab('explore')} /> : <Explore />}
    </Screen>
  );
}

function MyGroups({ onExplore }: { onExplore: () => void }) {
  const { t } = useTranslation();
  const profile = useOwnProfileQuery();
  const query = useUserGroupsQuery(profile.data?.user.userId);
  // The list waits for my id: until my profile is in, its loading, offline wait or error is what shows.
  const state: QueryLike<unknown> = profile.data ? query : profile;
  return (
    <QueryState query={state} testPrefix="groups" skeleton="card">
      {() => {
        const groups = query.data?.pages.flatMap((p) => p.groups) ?? [];
        if (groups.length === 0)
          return (
            <EmptyState
              icon="groups"
              text={t('group.noGroups')}
              testId="groups-empty"
              actions={[
                { label: t('states.exploreGroups'), onClick: onExplore, testId: 'groups-empty-explore', primary: true },
                { label: t('states.createGroup'), onClick: createGroup, testId: 'groups-empty-create' },
              ]}
            />
          );
        return (
          <>
            <ul className="group-list" data-testid="my-groups">
              {groups.map((g) => (
                <GroupCard key={g.groupId} group={g} />
              ))}
            </ul>
            <LoadMore list={query} label={t('group.showMore')} testId="my-groups-more" />
          </>
        );
      }}
    </QueryState>
  );
}

function Explore() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim());
  const filters = useUiStore((s) => s.groupFilters);
  const setFilters = useUiStore((s) => s.setGroupFilters);
  const clear = () => {
    setText('');
    setFilters(emptyFilters);
  };
  const active = (filters.near ? 1 : 0) + (filters.sportIds.length ? 1 : 0);
  const explore = useExploreGroupsQuery(query, filters);
  const groups = explore.data?.pages.flatMap((p) => p.groups) ?? [];
  return (
    <>
      <div className="people-filters groups-toolbar">
        <SearchField label={t('group.search')} value={text} onChange={setText} testId="groups-search" />
        <button
          type="button"
          className="btn btn-outline"
          data-testid="groups-filters"
          onClick={() => openSheet({ type: 'group-filters', params: {} })}
        >
          {active ? t('group.filtersOn', { count: active }) : t('group.filters')}
        </button>
      </div>
      <QueryState query={explore} testPrefix="explore-groups" skeleton="card">
        {() =>
          groups.length === 0 ? (
            <EmptyState
              icon="groups"
              text={t('group.noResults')}
              testId="groups-no-results"
              actions={[
                emptyAction(t('states.createGroup'), createGroup, 'groups-no-results-create', true),
                !!(active || text) && emptyAction(t('states.clearFilters'), clear, 'groups-no-results-clear'),
              ]}
            />
          ) : (
            <ul className="group-list" data-testid="explore-groups">
              {groups.map((g) => (
                <GroupCard key={g.groupId} group={g} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <LoadMore list={explore} label={t('group.showMore')} testId="explore-groups-more" />
    </>
  );
}
