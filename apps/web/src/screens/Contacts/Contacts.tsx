import type { ExploredUser } from '@cordata/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, emptyAction } from '../../components/EmptyState.tsx';
import { showErrorText, showSuccess } from '../../components/feedback.ts';
import { LoadMore } from '../../components/LoadMore.tsx';
import { sportName } from '../../components/People/format.ts';
import { MessageButton } from '../../components/People/MessageButton.tsx';
import { ConnectionActions, PersonRow } from '../../components/People/People.tsx';
import { ContactPolls } from '../../components/Polls/ContactPolls.tsx';
import { type QueryLike, QueryState } from '../../components/QueryState.tsx';
import { Screen } from '../../components/Screen.tsx';
import { publicLink, shareOrShowLink } from '../../components/Share/share.ts';
import { TabActions } from '../../components/TabLayout.tsx';
import { useDeviceLocation } from '../../location/geolocation.ts';
import { openSheet } from '../../sheets/store.ts';
import { useContactPagesQuery, useExplorePagesQuery } from '../../state/queries/people.ts';
import { useSportsQuery } from '../../state/queries/sports.ts';
// The "Near me" check row: a 44 px target with a 22 px box (it rendered as a bare 13 px checkbox).
import '../../components/forms/forms.css';
import { OptionGroup } from '../../components/kit/OptionGroup.tsx';
import { SearchField } from '../../components/kit/SearchField.tsx';

const TABS = ['contacts', 'requests', 'explore'] as const;
type Tab = (typeof TABS)[number];

const openProfile = (userId: string) => openSheet({ type: 'profile', params: { id: userId } });

/** "Invite friends": the app's address through the share sheet, or copied where there is none. */
function useInviteFriends() {
  const { t } = useTranslation();
  return async () => {
    const outcome = await shareOrShowLink({ title: 'Cordata', text: t('states.inviteText'), url: publicLink('/') });
    if (outcome === 'copied') showSuccess(t('states.inviteCopied'));
  };
}

/** Contacts, requests received and sent, and finding new people by name, sport and nearness. */
export default function Contacts() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // /contacts?tab=explore: "Find people" from another screen's empty state.
  const [tab, setTab] = useState<Tab>(() => TABS.find((name) => name === search.get('tab')) ?? 'contacts');
  const [query, setQuery] = useState('');
  const searchField = useRef<HTMLInputElement>(null);
  return (
    <Screen title={t('screens.contacts')} testId="contacts-screen" actions={<TabActions />}>
      <OptionGroup
        mode="tabs"
        className="people-tabs"
        options={TABS}
        value={tab}
        onChange={setTab}
        label={(name) => t(`people.tabs.${name}`)}
        testId={(name) => `contacts-tab-${name}`}
      />
      <div className="people-filters">
        <SearchField
          inputRef={searchField}
          label={t('people.search')}
          value={query}
          onChange={setQuery}
          testId="contacts-search"
        />
      </div>
      {tab === 'contacts' && (
        <>
          <ContactList query={query.trim()} onFindPeople={() => setTab('explore')} />
          <ContactPolls />
        </>
      )}
      {tab === 'requests' && <Requests query={query.trim()} onFindPeople={() => setTab('explore')} />}
      {tab === 'explore' && <Explore query={query.trim()} onSearchByName={() => searchField.current?.focus()} />}
    </Screen>
  );
}

function ContactList({ query, onFindPeople }: { query: string; onFindPeople: () => void }) {
  const { t } = useTranslation();
  const list = useContactPagesQuery('CONTACT', query);
  return (
    <QueryState query={list} testPrefix="contacts" skeleton="row">
      {(data) =>
        data.length === 0 ? (
          <EmptyState
            icon="contacts"
            text={t('people.noContacts')}
            testId="contacts-empty"
            actions={[
              { label: t('states.findPeople'), onClick: onFindPeople, testId: 'contacts-find-people', primary: true },
            ]}
          />
        ) : (
          <>
            <ul className="people-list" data-testid="contacts-list">
              {data.map((c) => (
                <PersonRow
                  key={c.userId}
                  person={c}
                  onOpen={() => openProfile(c.userId)}
                  actions={<MessageButton person={c} compact />}
                />
              ))}
            </ul>
            <LoadMore list={list} label={t('people.loadMore')} testId="contacts-more" />
          </>
        )
      }
    </QueryState>
  );
}

function Requests({ query, onFindPeople }: { query: string; onFindPeople: () => void }) {
  const { t } = useTranslation();
  const invite = useInviteFriends();
  const received = useContactPagesQuery('RECEIVED', query);
  const sent = useContactPagesQuery('SENT', query);
  // Both sides as one: loaded when both are, failed when either is; Retry asks for both again.
  const both: QueryLike<true> = {
    data: received.data && sent.data ? true : undefined,
    error: received.error ?? sent.error,
    isPending: received.isPending || sent.isPending,
    isError: received.isError || sent.isError,
    fetchStatus: received.fetchStatus === 'paused' || sent.fetchStatus === 'paused' ? 'paused' : received.fetchStatus,
    refetch: () => Promise.all([received.refetch(), sent.refetch()]),
  };
  return (
    <QueryState query={both} testPrefix="requests" skeleton="row">
      {() =>
        !received.data?.length && !sent.data?.length ? (
          <EmptyState
            icon="userPlus"
            text={t('people.noRequests')}
            testId="requests-empty"
            actions={[
              { label: t('states.findPeople'), onClick: onFindPeople, testId: 'requests-find-people', primary: true },
              { label: t('states.inviteFriends'), onClick: () => void invite(), testId: 'requests-invite' },
            ]}
          />
        ) : (
          <>
            <RequestList list={received} title={t('people.received')} testId="requests-received" />
            <RequestList list={sent} title={t('people.sent')} testId="requests-sent" />
          </>
        )
      }
    </QueryState>
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
  const { t } = useTranslation();
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
      <LoadMore list={list} label={t('people.loadMore')} testId={`${testId}-more`} />
    </section>
  );
}

function Explore({ query, onSearchByName }: { query: string; onSearchByName: () => void }) {
  const { t, i18n } = useTranslation();
  const invite = useInviteFriends();
  const sports = useSportsQuery();
  const [sportId, setSportId] = useState('');
  const [near, setNear] = useState<{ latitude: number; longitude: number } | null>(null);
  const clear = () => {
    setSportId('');
    setNear(null);
  };
  const list = useExplorePagesQuery({
    query: query || undefined,
    sportIds: sportId ? [sportId] : undefined,
    near: near ?? undefined,
  });
  const location = useDeviceLocation();
  const toggleNear = async (on: boolean) => {
    if (!on) return setNear(null);
    const result = await location.current();
    if (result.ok) setNear(result.position);
    else showErrorText(t('messages.geolocationDisabled'));
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
      <QueryState query={list} testPrefix="explore" skeleton="row">
        {(data) =>
          data.length === 0 ? (
            <EmptyState
              icon="contacts"
              text={t('people.noResults')}
              testId="explore-empty"
              actions={[
                emptyAction(t('states.inviteFriends'), () => void invite(), 'explore-invite', true),
                !query && emptyAction(t('states.searchByName'), onSearchByName, 'explore-search-by-name'),
                !!(sportId || near) && emptyAction(t('states.clearFilters'), clear, 'explore-clear'),
              ]}
            />
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
              <LoadMore list={list} label={t('people.loadMore')} testId="explore-more" />
            </>
          )
        }
      </QueryState>
    </>
  );
}
