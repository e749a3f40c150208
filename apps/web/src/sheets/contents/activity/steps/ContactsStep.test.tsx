import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n/index.ts';
import { createQueryClient } from '../../../../state/queryClient.ts';
import { signedInInEnglish, stubApi } from '../../../../testing/api-stub.ts';
import { activityBody, emptyDraft, useDraftStore } from '../draft.ts';
import { ContactsStep } from './ContactsStep.tsx';

signedInInEnglish();

const idOf = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const ACTIVITY = '01900000-0000-7000-8000-0000000000ac';
const summary = (n: number) => ({
  userId: idOf(n),
  username: `c${n}`,
  firstName: `Contact${String(n).padStart(2, '0')}`,
  lastName: 'Rossi',
  profilePicture: null,
  lastOnlineAt: null,
});

/** 13 contacts, paged by the body's pagination, as `user/list-contacts` or the activity's invitable list. */
function stubContacts(answer: (n: number) => object) {
  const all = Array.from({ length: 13 }, (_, i) => answer(i + 1));
  return stubApi((_path, body) => {
    const { page, limit } = (body as { pagination: { page: number; limit: number } }).pagination;
    return { json: { contacts: all.slice((page - 1) * limit, page * limit) } };
  });
}

function renderStep() {
  const go = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactsStep go={go} close={vi.fn()} />
    </QueryClientProvider>,
  );
  return go;
}

const rows = () => screen.queryAllByTestId('invite-candidate');
const box = (n: number) => screen.getByTestId(`invite-${idOf(n)}`) as HTMLInputElement;

beforeEach(() => useDraftStore.setState({ draft: emptyDraft(), owner: 1 }));

describe('the wizard’s contacts step', () => {
  it('pages a new activity’s 13 contacts 10 then 13 and publishes a page-1 choice with a page-2 one', async () => {
    const calls = stubContacts((n) => ({
      ...summary(n),
      connection: 'CONTACT',
      sports: [],
      since: '2026-01-01T00:00:00.000Z',
    }));
    const go = renderStep();
    await screen.findByTestId(`invite-${idOf(1)}`);
    expect(rows()).toHaveLength(10);
    expect(calls).toEqual([
      { path: 'user/list-contacts', body: { status: 'CONTACT', pagination: { page: 1, limit: 10 } } },
    ]);
    fireEvent.click(box(4));

    fireEvent.click(screen.getByTestId('invite-more'));
    await screen.findByTestId(`invite-${idOf(13)}`);
    expect(rows()).toHaveLength(13);
    expect(calls.at(-1)).toEqual({
      path: 'user/list-contacts',
      body: { status: 'CONTACT', pagination: { page: 2, limit: 10 } },
    });
    expect(screen.queryByTestId('invite-more')).toBeNull();
    expect(box(4).checked).toBe(true);
    fireEvent.click(box(11));

    fireEvent.click(screen.getByTestId('wizard-contacts-done'));
    expect(go).toHaveBeenCalledWith('publish');
    const draft = useDraftStore.getState().draft;
    expect(draft.invitedUserIds).toEqual([idOf(4), idOf(11)]);
    // What publishing sends.
    expect((await activityBody(draft, 'Europe/Rome')).invitedUserIds).toEqual([idOf(4), idOf(11)]);
  });

  it('asks an existing activity who may still be invited, page by page, in Italian too', async () => {
    await i18n.changeLanguage('it');
    useDraftStore.setState({ draft: { ...emptyDraft(), activityId: ACTIVITY } });
    const calls = stubContacts((n) => ({
      ...summary(n),
      invitable: n !== 12,
      reason: n === 12 ? 'PENDING_REQUEST' : null,
    }));
    renderStep();
    await screen.findByTestId(`invite-${idOf(1)}`);
    expect(calls[0]).toEqual({
      path: 'activity/list-invitable-contacts',
      body: { activityId: ACTIVITY, pagination: { page: 1, limit: 10 } },
    });
    fireEvent.click(box(1));
    const more = screen.getByTestId('invite-more');
    expect(more.textContent).toBe('Carica altri');
    fireEvent.click(more);
    await screen.findByTestId(`invite-${idOf(12)}`);
    expect(calls.at(-1)).toMatchObject({ body: { pagination: { page: 2, limit: 10 } } });
    expect(box(12).disabled).toBe(true);
    expect(rows()[11]!.textContent).toContain('Ha una richiesta in attesa');
    expect(box(1).checked).toBe(true);
    expect(useDraftStore.getState().draft.invitedUserIds).toEqual([idOf(1)]);
  });

  it('says that a group activity invites only the group’s members, and says nothing otherwise', async () => {
    stubContacts((n) => ({ ...summary(n), connection: 'CONTACT', sports: [], since: '2026-01-01T00:00:00.000Z' }));
    useDraftStore.setState({ draft: emptyDraft('01900000-0000-7000-8000-00000000000b'), owner: 1 });
    renderStep();
    await screen.findByTestId(`invite-${idOf(1)}`);
    expect(screen.getByTestId('wizard-contacts-group-hint').textContent).toMatch(/only contacts who are members/);
  });

  it('shows no group hint for an activity outside a group', async () => {
    stubContacts((n) => ({ ...summary(n), connection: 'CONTACT', sports: [], since: '2026-01-01T00:00:00.000Z' }));
    renderStep();
    await screen.findByTestId(`invite-${idOf(1)}`);
    expect(screen.queryByTestId('wizard-contacts-group-hint')).toBeNull();
  });
});
