import type { ExploredUser } from '@cordata/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFeedback } from '../../components/feedback.ts';
import { sportName } from '../../components/People/format.ts';
import { LoadMore } from '../../components/People/LoadMore.tsx';
import { ConnectionActions, PersonRow } from '../../components/People/People.tsx';
import { Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';
import { useDeviceLocation } from '../../location/geolocation.ts';
import { openSheet } from '../../sheets/store.ts';
import { useContactPagesQuery, useExplorePagesQuery } from '../../state/queries/people.ts';
import { useSportsQuery } from '../../state/queries/sports.ts';

type Tab = 'contacts' | 'requests' | 'explore';

const openProfile = (userId: string) => openSheet({ type: 'profile', params: { id: userId } });

/** Contacts, requests received and sent, and finding new people by name, sport and nearness. */
export default function Contacts() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('contacts');
  const [query, setQuery] = useState('');
  return (
    <Screen title={t('screens.contacts')} testId="contacts-screen" actions={<TabActions />}>
      <div className="people-tabs" role="tablist">
        {(['contacts', 'requests', 'explore'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            data-testid={`contacts-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {t(`people.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div className="people-filters">
        <input
          type="search"
          value={query}
          placeholder={t('people.search')}
          aria-label={t('people.search')}
          data-testid="contacts-search"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {tab === 'contacts' && <ContactList query={query.trim()} />}
      {tab === 'requests' && <Requests query={query.trim()} />}
      {tab === 'explore' && <Explore query={query.trim()} />}
    </Screen>
  );
}

function ContactList({ query }: { query: string }) {
  const { t } = useTranslation();
  const list = useContactPagesQuery('CONTACT', query);
  const { data, isPending } = list;
  if (isPending) return <p className="muted">{t('common.loading')}</p>;
  if (!data?.length)
    return (
      <p className="muted" data-testid="contacts-empty">
        {t('people.noContacts')}
      </p>
    );
  return (
    <>
      <ul className="people-list" data-testid="contacts-list">
        {data.map((c) => (
          <PersonRow key={c.userId} person={c} onOpen={() => openProfile(c.userId)} />
        ))}
      </ul>
      <LoadMore list={list} testId="contacts-more" />
    </>
  );
}

function Requests({ query }: { query: string }) {
  const { t } = useTranslation();
  const received = useContactPagesQuery('RECEIVED', query);
  const sent = useContactPagesQuery('SENT', query);
  const none = !received.data?.length && !sent.data?.length;
  if (received.isPending || sent.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (none) return <p className="muted">{t('people.noRequests')}</p>;
  return (
    <>
      <RequestList list={received} title={t('people.received')} testId="requests-received" />
      <RequestList list={sent} title={t('people.sent')} testId="requests-sent" />
    </>
  );
}

/** One side of the requests, with accept/decline or cancel on each person; nothing when it is empty. */
function RequestList({
  list,
  title,
  testId,
}: {
  list: ReturnType<typeof useContactPagesQuery>;
  title: string;
  testId: string;
}) {
  if (!list.data?.length) return null;
  return (
    <section className="people-section" data-testid={testId}>
      <h2>{title}</h2>
      <ul className="people-list">
        {list.data.map((c) => (
          <PersonRow
            key={c.userId}
            person={c}
            onOpen={() => openProfile(c.userId)}
            actions={<ConnectionActions person={c} connection={c.connection} compact />}
          />
        ))}
      </ul>
      <LoadMore list={list} testId={`${testId}-more`} />
    </section>
  );
}

function Explore({ query }: { query: string }) {
  const { t, i18n } = useTranslation();
  const sports = useSportsQuery();
  const [sportId, setSportId] = useState('');
  const [near, setNear] = useState<{ latitude: number; longitude: number } | null>(null);
  const list = useExplorePagesQuery({
    query: query || undefined,
    sportIds: sportId ? [sportId] : undefined,
    near: near ?? undefined,
  });
  const { data, isPending } = list;
  const location = useDeviceLocation();
  const toggleNear = async (on: boolean) => {
    if (!on) return setNear(null);
    const result = await location.current();
    if (result.ok) setNear(result.position);
    else showFeedback({ kind: 'error', title: t('errorTitle'), description: t('messages.geolocationDisabled') });
  };
  const line = (u: ExploredUser) =>
    [
      u.sharedSports.length ? t('people.sharedSports', { count: u.sharedSports.length }) : null,
      u.distanceKm !== null ? t('people.distance', { km: u.distanceKm }) : u.city,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <>
      <div className="people-filters">
        <select
          value={sportId}
          aria-label={t('people.sportFilter')}
          data-testid="explore-sport"
          onChange={(e) => setSportId(e.target.value)}
        >
          <option value="">{t('people.anySport')}</option>
          {sports.data?.sports.map((s) => (
            <option key={s.sportId} value={s.sportId}>
              {sportName(s, i18n.language, s.sportId)}
            </option>
          ))}
        </select>
        <label className="check-row">
          <input
            type="checkbox"
            checked={near !== null}
            data-testid="explore-near"
            onChange={(e) => void toggleNear(e.target.checked)}
          />
          {t('people.nearMe')}
        </label>
      </div>
      {isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : !data?.length ? (
        <p className="muted" data-testid="explore-empty">
          {t('people.noResults')}
        </p>
      ) : (
        <>
          <ul className="people-list" data-testid="explore-list">
            {data.map((u) => (
              <PersonRow
                key={u.userId}
                person={u}
                subtitle={line(u)}
                onOpen={() => openProfile(u.userId)}
                actions={<ConnectionActions person={u} connection={u.connection} compact />}
              />
            ))}
          </ul>
          <LoadMore list={list} testId="explore-more" />
        </>
      )}
    </>
  );
}
