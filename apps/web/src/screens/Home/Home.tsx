import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityCard } from '../../components/Activity/ActivityCard.tsx';
import { OsmAttribution } from '../../components/Activity/OsmAttribution.tsx';
import { EmptyState, emptyAction } from '../../components/EmptyState.tsx';
import { type MapMarker, RouteMap } from '../../components/Map/RouteMap.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';
import { DEFAULT_MAP_CENTER } from '../../contract.ts';
import { useDeviceLocation } from '../../location/geolocation.ts';
import { openSheet } from '../../sheets/store.ts';
import { activeFilters, emptyHomeFilters } from '../../state/homeFilters.ts';
import { useUiStore } from '../../state/ui.ts';
import { ActiveFilterChips, FiltersButton } from './components/FilterBar.tsx';
import '../../components/Activity/activity.css';
import './Home.css';
import type { ActivitySummary } from '@cordata/contract';
import { OptionGroup } from '../../components/kit/OptionGroup.tsx';
import { devicePositionQuery, homeNearbyInput, useNearbyActivitiesQuery } from './homeQueries.ts';
import { keepHome, keptHome } from './lastHome.ts';

const createActivity = () => openSheet({ type: 'handle-activity', params: { step: 'info' } });

/** Upcoming activities near the chosen place (else the default centre), soonest first, as a list or on a map. */
export default function Home() {
  const { t } = useTranslation();
  const [view, setView] = useState<'list' | 'map'>('list');
  const filters = useUiStore((s) => s.homeFilters);
  const location = useDeviceLocation();
  const device = useQuery({ ...devicePositionQuery(location), enabled: filters.near === null });
  const position = device.data?.ok ? device.data.position : null;
  const centre = filters.near ?? position ?? DEFAULT_MAP_CENTER;
  const waitingForPosition = filters.near === null && device.isPending;
  const query = useNearbyActivitiesQuery(waitingForPosition ? null : homeNearbyInput(filters, centre));
  const activities = query.data ?? [];
  // The list last shown for these filters, at once, until the new one comes (the position is asked first).
  const [kept] = useState(() => keptHome(filters));
  const showKept = kept !== null && query.data === undefined && !query.isError;
  useEffect(() => {
    if (query.data) keepHome(filters, query.data);
  }, [filters, query.data]);
  const filtered = activeFilters(filters).length > 0;
  const setFilters = useUiStore((s) => s.setHomeFilters);
  const clearFilters = () => setFilters(emptyHomeFilters);
  const centreLabel = position ? t('activity.home.nearMyPosition') : t('activity.home.nearDefaultCentre');
  const locationOff = filters.near === null && device.data?.ok === false && device.data.reason === 'DENIED';

  const markers = useMemo<MapMarker[]>(
    () =>
      (query.data ?? []).flatMap((a) => {
        // A closed activity's meeting area (issue 23): its marker sits at the area's centre, never at the start.
        const at = a.start ?? a.meetingArea;
        return at
          ? [
              {
                id: a.activityId,
                kind: 'activity' as const,
                latitude: at.latitude,
                longitude: at.longitude,
                label: a.name.slice(0, 14),
                title: a.name,
                onClick: () => openSheet({ type: 'activity', params: { id: a.activityId } }),
              },
            ]
          : [];
      }),
    [query.data],
  );

  return (
    <Screen title={t('screens.home')} testId="home-screen" actions={<TabActions />}>
      <div className="home-toolbar">
        <FiltersButton />
        <OptionGroup
          fieldset
          className="segmented"
          options={['list', 'map'] as const}
          value={view}
          onChange={setView}
          label={(v) => t(`activity.home.${v}`)}
          testId={(v) => `home-view-${v}`}
        />
      </div>
      <ActiveFilterChips centre={centreLabel} />

      {locationOff && (
        <p className="activity-notice home-notice" role="status" data-testid="geolocation-disabled">
          {t('messages.geolocationDisabled')}
        </p>
      )}

      {view === 'map' && query.isError && query.data === undefined && (
        <QueryState query={query} testPrefix="home-map">
          {() => null}
        </QueryState>
      )}
      {view === 'map' && query.isSuccess && activities.length === 0 && (
        <p className="activity-notice home-notice" role="status" data-testid="home-map-empty">
          {filtered ? t('states.homeEmptyFiltered') : t('states.mapEmpty')}
        </p>
      )}
      {/* While the position is asked (a moment), no skeleton yet: it comes with the notice above it, so the
          notice does not push it down (layout shift). */}
      {view === 'map' ? (
        <RouteMap
          label={t('activity.home.mapLabel')}
          markers={markers}
          center={centre}
          zoom={10}
          className="home-map"
          testId="home-map"
          cluster
          attributionPosition="top-left"
        />
      ) : showKept ? (
        <>
          <p className="visually-hidden" role="status" data-testid="home-refreshing">
            {t('activity.home.refreshing')}
          </p>
          <HomeList list={kept} stale />
        </>
      ) : waitingForPosition ? null : (
        <QueryState query={query} testPrefix="home" skeleton="card">
          {(list) =>
            list.length === 0 ? (
              <EmptyState
                icon="pin"
                text={filtered ? t('states.homeEmptyFiltered') : t('activity.home.empty')}
                testId="home-empty"
                actions={[
                  emptyAction(t('states.createActivity'), createActivity, 'home-empty-create', true),
                  filtered && emptyAction(t('states.clearFilters'), clearFilters, 'home-empty-clear'),
                ]}
              />
            ) : (
              <HomeList list={list} />
            )
          }
        </QueryState>
      )}

      <button type="button" className="btn btn-primary fab" data-testid="create-activity" onClick={createActivity}>
        + {t('activity.home.create')}
      </button>
    </Screen>
  );
}

/** The cards; `stale` while they are last time's and the new ones are on their way (dimmed, busy). */
function HomeList({ list, stale = false }: { list: ActivitySummary[]; stale?: boolean }) {
  return (
    <ul
      className={stale ? 'activity-list home-list stale' : 'activity-list home-list'}
      aria-busy={stale || undefined}
      data-testid="home-list"
    >
      {list.map((a) => (
        <ActivityCard key={a.activityId} activity={a} />
      ))}
      {/* The "Step-free" badges come from OpenStreetMap, whose licence asks for its credit beside them. */}
      {list.some((a) => a.stepFree) && (
        <li>
          <OsmAttribution />
        </li>
      )}
    </ul>
  );
}
