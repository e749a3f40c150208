import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeedbackStore } from '../../components/feedback.ts';
import { publicLink } from '../../components/Share/share.ts';
import i18n from '../../i18n/index.ts';
import { useSheetStore } from '../../sheets/store.ts';
import { useAuthStore } from '../../state/auth.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { eventually } from '../../testing/eventually.ts';
import Contacts from './Contacts.tsx';

const person = (n: number, connection = 'CONTACT') => ({
  userId: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  username: `runner${n}`,
  firstName: 'Runner',
  lastName: `N${n}`,
  profilePicture: null,
  lastOnlineAt: null,
  connection,
  sports: [],
  since: '2026-01-01T00:00:00.000Z',
  sharedSports: [],
  distanceKm: null,
  city: 'Milano',
});

/** 13 people: a full page of 10, then 3 (spec §9: pages of 10 from 1). */
const everyone = Array.from({ length: 13 }, (_, i) => person(i + 1));

function stubApi() {
  const calls: { path: string; body: { pagination?: { page: number; limit: number }; status?: string } }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^.*\/database\//, '');
      const body = init.body ? JSON.parse(String(init.body)) : {};
      calls.push({ path, body });
      const { page, limit } = body.pagination ?? { page: 1, limit: 10 };
      const slice = everyone.slice((page - 1) * limit, page * limit);
      const answers: Record<string, unknown> = {
        'user/list-contacts': { contacts: body.status === 'CONTACT' ? slice : [] },
        'user/explore-contacts': { users: slice.map((p) => ({ ...p, connection: 'NONE' })) },
        'sport/list-all': { sports: [] },
        'notification/check-new': { count: 0 },
      };
      return new Response(JSON.stringify(answers[path] ?? {}), { status: path in answers ? 200 : 404 });
    }),
  );
  return calls;
}

function renderScreen() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Contacts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rows = (listId: string) => screen.getByTestId(listId).querySelectorAll('li').length;

beforeEach(async () => {
  useAuthStore.setState({ jwt: 'token', completed: true });
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the contacts screen pages its lists', () => {
  it('shows 10 contacts, then the next page on Load more, and no button after the last page', async () => {
    const calls = stubApi();
    renderScreen();
    await screen.findByTestId('contacts-list');
    expect(rows('contacts-list')).toBe(10);
    const more = await screen.findByTestId('contacts-more');
    expect(more.textContent).toBe('Load more');
    fireEvent.click(more);
    await eventually(() => expect(rows('contacts-list')).toBe(13));
    expect(screen.queryByTestId('contacts-more')).toBeNull();
    const pages = calls.filter((c) => c.path === 'user/list-contacts').map((c) => c.body.pagination);
    expect(pages).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
  });

  it('reaches the second page of explore results, in Italian too', async () => {
    await i18n.changeLanguage('it');
    const calls = stubApi();
    renderScreen();
    fireEvent.click(screen.getByTestId('contacts-tab-explore'));
    await screen.findByTestId('explore-list');
    expect(rows('explore-list')).toBe(10);
    const more = await screen.findByTestId('explore-more');
    expect(more.textContent).toBe('Carica altri');
    fireEvent.click(more);
    await eventually(() => expect(rows('explore-list')).toBe(13));
    expect(screen.queryByTestId('explore-more')).toBeNull();
    expect(calls.filter((c) => c.path === 'user/explore-contacts').at(-1)?.body.pagination).toEqual({
      page: 2,
      limit: 10,
    });
  });
});

describe('inviting friends from an empty list', () => {
  it('shows the link to copy by hand where it can be neither shared nor copied, in Italian too', async () => {
    // Neither a share sheet nor a clipboard: "Invite friends" cannot hand the link over.
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    for (const language of ['en', 'it'] as const) {
      await i18n.changeLanguage(language);
      stubApi();
      renderScreen();
      fireEvent.click(screen.getByTestId('contacts-tab-requests'));
      fireEvent.click(await screen.findByTestId('requests-invite'));
      await eventually(() =>
        expect(useSheetStore.getState().stack.at(-1)).toMatchObject({
          type: 'share-link',
          params: { url: publicLink('/') },
        }),
      );
      expect(useFeedbackStore.getState().current).toBeNull();
      useSheetStore.setState({ stack: [] });
      cleanup();
    }
    vi.unstubAllGlobals();
  });
});
