import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { InviteContactContent } from './InviteContactSheet.tsx';

signedInInEnglish();

const idOf = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const ACTIVITY = '01900000-0000-7000-8000-0000000000ac';
const GROUP = '01900000-0000-7000-8000-0000000000ab';

/** Contact number `n` (1-based), as the invitable-contacts calls answer: names sort as the server sorts them. */
const contact = (n: number, reason: string | null = null) => ({
  userId: idOf(n),
  username: `c${n}`,
  firstName: `Contact${String(n).padStart(2, '0')}`,
  lastName: 'Rossi',
  profilePicture: null,
  lastOnlineAt: null,
  invitable: reason === null,
  reason,
});

/** A server with `count` contacts, paged as `contactsWithMembership` pages them (limit and offset). */
function stubContacts(count: number, reasons: Record<number, string> = {}) {
  const all = Array.from({ length: count }, (_, i) => contact(i + 1, reasons[i + 1] ?? null));
  return stubApi((_path, body) => {
    const { query, pagination } = body as { query?: string; pagination: { page: number; limit: number } };
    const found = query ? all.filter((c) => c.firstName.toLowerCase().includes(query.toLowerCase())) : all;
    const from = (pagination.page - 1) * pagination.limit;
    return { json: { contacts: found.slice(from, from + pagination.limit) } };
  });
}

function renderSheet(params: { id?: string; groupId?: string; contacts?: string[] }, onSubmit = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InviteContactContent sheetKey={1} params={{ contacts: [], onSubmit, ...params }} />
    </QueryClientProvider>,
  );
  return onSubmit;
}

const rows = () => screen.queryAllByTestId('invite-candidate');
const box = (n: number) => screen.getByTestId(`invite-${idOf(n)}`) as HTMLInputElement;

describe('the invite-contact sheet', () => {
  it('pages a group’s 13 contacts 10 then 13, keeps a page-1 choice and submits it with a page-2 one', async () => {
    const calls = stubContacts(13);
    const onSubmit = renderSheet({ groupId: GROUP });
    await screen.findByTestId(`invite-${idOf(1)}`);
    expect(rows()).toHaveLength(10);
    expect(calls).toEqual([
      { path: 'group/list-invitable-contacts', body: { groupId: GROUP, pagination: { page: 1, limit: 10 } } },
    ]);
    fireEvent.click(box(3));
    expect(screen.getByTestId('invite-submit').textContent).toBe('Invite 1 person');

    const more = screen.getByTestId('invite-more');
    expect(more.textContent).toBe('Load more');
    fireEvent.click(more);
    await screen.findByTestId(`invite-${idOf(13)}`);
    expect(rows()).toHaveLength(13);
    expect(calls.at(-1)).toEqual({
      path: 'group/list-invitable-contacts',
      body: { groupId: GROUP, pagination: { page: 2, limit: 10 } },
    });
    // The last page held 3 (< 10): no further page.
    expect(screen.queryByTestId('invite-more')).toBeNull();
    expect(box(3).checked).toBe(true);

    fireEvent.click(box(12));
    expect(screen.getByTestId('invite-submit').textContent).toBe('Invite 2 people');
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(onSubmit).toHaveBeenCalledWith([idOf(3), idOf(12)]);
  });

  it('asks the activity which contacts may be invited: the others are shown, disabled, with the reason', async () => {
    const calls = stubContacts(3, { 1: 'ALREADY_INVITED', 2: 'ALREADY_PARTICIPATING' });
    renderSheet({ id: ACTIVITY, groupId: GROUP });
    await screen.findByTestId(`invite-${idOf(1)}`);
    expect(calls[0]).toEqual({
      path: 'activity/list-invitable-contacts',
      body: { activityId: ACTIVITY, pagination: { page: 1, limit: 10 } },
    });
    expect(box(1).disabled).toBe(true);
    expect(rows()[0]!.textContent).toContain('Already invited');
    expect(rows()[1]!.textContent).toContain('Already taking part');
    expect(box(3).disabled).toBe(false);
    expect(rows()[2]!.textContent).toContain('@c3');
    // A full page is not there: no "Load more".
    expect(screen.queryByTestId('invite-more')).toBeNull();
  });

  it('says "already a member" for a group and speaks Italian', async () => {
    await i18n.changeLanguage('it');
    stubContacts(12, { 2: 'ALREADY_PARTICIPATING' });
    renderSheet({ groupId: GROUP });
    await screen.findByTestId(`invite-${idOf(1)}`);
    expect(rows()[1]!.textContent).toContain('È già membro');
    expect(screen.getByTestId('invite-more').textContent).toBe('Carica altri');
    expect(screen.getByTestId('invite-submit').textContent).toBe('Scegli chi invitare');
  });

  it('searches from page 1 and keeps the choices made before the search', async () => {
    const calls = stubContacts(13);
    const onSubmit = renderSheet({ groupId: GROUP, contacts: [idOf(2)] });
    await screen.findByTestId(`invite-${idOf(1)}`);
    expect(box(2).checked).toBe(true);
    fireEvent.change(screen.getByTestId('invite-search'), { target: { value: ' contact11 ' } });
    await eventually(() => expect(rows()).toHaveLength(1));
    expect(calls.at(-1)).toEqual({
      path: 'group/list-invitable-contacts',
      body: { groupId: GROUP, query: 'contact11', pagination: { page: 1, limit: 10 } },
    });
    fireEvent.click(box(11));
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(onSubmit).toHaveBeenCalledWith([idOf(2), idOf(11)]);
  });

  it('shows the server’s refusal instead of an empty list', async () => {
    stubApi(() => ({ status: 403, json: { error: { code: 'FORBIDDEN', message: 'no' } } }));
    renderSheet({ groupId: GROUP });
    expect((await screen.findByTestId('invite-error')).textContent).toBe(i18n.t('errors.FORBIDDEN'));
  });
});
