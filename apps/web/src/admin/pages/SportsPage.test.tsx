import type { AdminSport, AdminUser } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import '../i18n.ts';
import { useAdminSession } from '../session.ts';
import { MeContext } from '../shared.tsx';
import { SportsPage } from './SportsPage.tsx';

const sport = (sportId: string, names: AdminSport['names']): AdminSport => ({
  sportId,
  names,
  icon: sportId,
  intensityKinds: ['DISTANCE', 'TIME'],
  retiredAt: null,
  usage: { users: 0, activities: 0 },
});
const RUNNING = sport('running', {
  en: 'Running',
  it: 'Corsa',
  de: 'Laufen',
  fr: 'Course à pied',
  es: 'Carrera a pie',
});
const SUP = sport('sup', { en: 'Stand-up paddle', it: 'SUP', de: null, fr: 'Paddle', es: null });

const admin: AdminUser = {
  userId: '01900000-0000-7000-8000-0000000000ff',
  username: 'olga',
  firstName: 'Olga',
  lastName: 'Rossi',
  profilePicture: null,
  lastOnlineAt: null,
  email: 'olga@example.test',
  role: 'ADMIN',
  suspendedUntil: null,
  suspensionReason: null,
  deletedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  reportCount: 0,
};

/** The admin API as the page sees it; each call's path and body, in order. */
function stubServer() {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname.split('/').slice(-2).join('/');
      const body = init.body ? JSON.parse(String(init.body)) : {};
      calls.push({ path, body });
      const json = path === 'sports/list' ? { sports: [RUNNING, SUP] } : { sport: SUP };
      return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MeContext.Provider value={admin}>
        <SportsPage />
      </MeContext.Provider>
    </QueryClientProvider>,
  );
}

const bodiesOf = (calls: { path: string; body: Record<string, unknown> }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);

beforeEach(async () => {
  useAdminSession.getState().start('token');
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().end();
});

describe('the sports page', () => {
  it('shows the names in every language, a dash where a translation is missing', async () => {
    stubServer();
    renderPage();
    const row = (await screen.findByText('Stand-up paddle')).closest('tr')!;
    expect([...screen.getAllByRole('columnheader')].map((h) => h.textContent).slice(0, 6)).toEqual([
      'id',
      'EN',
      'IT',
      'DE',
      'FR',
      'ES',
    ]);
    expect([...row.querySelectorAll('td')].slice(0, 6).map((td) => td.textContent)).toEqual([
      'sup',
      'Stand-up paddle',
      'SUP',
      '—',
      'Paddle',
      '—',
    ]);
    expect(within(row).getAllByTitle('None: the English name is shown')).toHaveLength(2);
    expect(screen.getByText('Laufen')).toBeTruthy();
  });

  it('adds a sport with the translations given, leaving out those left empty', async () => {
    const calls = stubServer();
    renderPage();
    await screen.findByText('Laufen');
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Id', 'packrafting');
    type('English name', 'Packrafting');
    type('Italian name', 'Packraft');
    type('French name (optional)', ' Packraft ');
    expect((screen.getByLabelText('German name (optional)') as HTMLInputElement).required).toBe(false);
    expect((screen.getByLabelText('English name') as HTMLInputElement).required).toBe(true);
    fireEvent.submit(screen.getByLabelText('Id').closest('form')!);
    await waitFor(() => expect(bodiesOf(calls, 'sports/create')).toHaveLength(1));
    expect(bodiesOf(calls, 'sports/create')[0]).toEqual({
      sportId: 'packrafting',
      names: { en: 'Packrafting', it: 'Packraft', fr: 'Packraft' },
      icon: 'packrafting',
      intensityKinds: ['DISTANCE', 'TIME'],
    });
  });

  it('renames with all five names, an empty translation left out', async () => {
    const calls = stubServer();
    renderPage();
    const row = (await screen.findByText('Stand-up paddle')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    const field = (name: string) => within(dialog).getByTestId(`admin-dialog-${name}`) as HTMLInputElement;
    expect(['en', 'it', 'de', 'fr', 'es'].map((name) => field(name).value)).toEqual([
      'Stand-up paddle',
      'SUP',
      '',
      'Paddle',
      '',
    ]);
    fireEvent.change(field('de'), { target: { value: 'Stehpaddeln' } });
    fireEvent.change(field('fr'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('admin-dialog-confirm'));
    await waitFor(() => expect(bodiesOf(calls, 'sports/update')).toHaveLength(1));
    expect(bodiesOf(calls, 'sports/update')[0]).toEqual({
      sportId: 'sup',
      names: { en: 'Stand-up paddle', it: 'SUP', de: 'Stehpaddeln' },
    });
  });
});
