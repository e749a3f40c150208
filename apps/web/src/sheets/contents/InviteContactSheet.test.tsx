import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { useAuthStore } from '../../state/auth.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { InviteContactContent } from './InviteContactSheet.tsx';

const person = (userId: string, firstName: string) => ({
  userId,
  username: firstName.toLowerCase(),
  firstName,
  lastName: 'Rossi',
  profilePicture: null,
  lastOnlineAt: null,
  connection: 'CONTACT',
  sports: [],
  since: '2026-01-01T00:00:00.000Z',
});
const ANNA = '01900000-0000-7000-8000-00000000000a';
const BRUNO = '01900000-0000-7000-8000-00000000000b';

function stubContacts() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { query?: string };
      bodies.push(body);
      const all = [person(ANNA, 'Anna'), person(BRUNO, 'Bruno')];
      const contacts = body.query ? all.filter((c) => c.firstName.toLowerCase().includes(body.query!)) : all;
      return new Response(JSON.stringify({ contacts }), { status: 200 });
    }),
  );
  return bodies;
}

beforeEach(async () => {
  useAuthStore.setState({ jwt: 'token', completed: true });
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invite-contact sheet', () => {
  it('lists the contacts, searches them, and hands the chosen ids to the submit handler', async () => {
    const bodies = stubContacts();
    const onSubmit = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <InviteContactContent sheetKey={1} params={{ contacts: [BRUNO], onSubmit, id: 'a1' }} />
      </QueryClientProvider>,
    );
    await screen.findByTestId(`invite-${ANNA}`);
    expect((screen.getByTestId(`invite-${BRUNO}`) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('invite-submit').textContent).toBe('Invite 1 person');
    fireEvent.click(screen.getByTestId(`invite-${ANNA}`));
    expect(screen.getByTestId('invite-submit').textContent).toBe('Invite 2 people');

    fireEvent.change(screen.getByTestId('invite-search'), { target: { value: 'ann' } });
    await vi.waitFor(() => expect(screen.queryByTestId(`invite-${BRUNO}`)).toBeNull());
    expect(bodies.at(-1)).toMatchObject({ status: 'CONTACT', query: 'ann' });

    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(onSubmit).toHaveBeenCalledWith([BRUNO, ANNA]);
  });
});
