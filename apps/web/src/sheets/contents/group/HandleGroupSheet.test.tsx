import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeedbackStore } from '../../../components/feedback.ts';
import { useToastStore } from '../../../components/toast.ts';
import i18n from '../../../i18n/index.ts';
import { useAuthStore } from '../../../state/auth.ts';
import { createQueryClient } from '../../../state/queryClient.ts';
import { aGroup, aSport } from '../../../testing/fixtures.ts';
import { HandleGroupContent } from './HandleGroupSheet.tsx';

const sports = [aSport({ icon: 'run', intensityKinds: [] })];
const group = aGroup({
  groupId: '01900000-0000-7000-8000-0000000000g1',
  name: 'Lecco Hikers',
  description: 'Weekend hikes',
  sportIds: ['running'],
  status: 'PARTICIPATING',
  isAdmin: true,
  createdAt: '2026-11-01T10:00:00.000Z',
});

function stubApi() {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^.*\/database\//, '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      const answers: Record<string, unknown> = {
        'sport/list-all': { sports },
        'group/read-info': { group },
        'group/create-new': { group: { ...group, ...body } },
        'group/update-existing': { group: { ...group, ...body } },
      };
      return new Response(JSON.stringify(answers[path]), { status: path in answers ? 200 : 404 });
    }),
  );
  return calls;
}

function renderSheet(groupId?: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <HandleGroupContent sheetKey={1} params={{ step: 'info', groupId }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  useAuthStore.setState({ jwt: 'token', completed: true });
  useFeedbackStore.setState({ current: null });
  useToastStore.setState({ current: null });
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('handle-group sheet', () => {
  it('refuses a name against the spec rule and sends nothing', async () => {
    const calls = stubApi();
    renderSheet();
    fireEvent.change(screen.getByTestId('group-name-input'), { target: { value: 'Hikers & co' } });
    fireEvent.click(screen.getByTestId('group-save'));
    expect(screen.getByTestId('group-name-input-problem').textContent).toBe('No special characters, maximum 20');
    fireEvent.change(screen.getByTestId('group-name-input'), { target: { value: '' } });
    expect(screen.getByTestId('group-name-input-problem').textContent).toBe('* Required field');
    expect(calls.some((c) => c.path === 'group/create-new')).toBe(false);
  });

  it('counts the name live against the 20 characters and names a forbidden symbol once it is typed', () => {
    stubApi();
    renderSheet();
    const count = () => screen.getByTestId('group-name-input-rules-count');
    expect(count().textContent).toBe('0/200 of 20 characters');
    expect(screen.getByTestId('group-name-input-rules').textContent).not.toContain('£');
    expect(screen.queryByTestId('group-name-input-rules-symbols')).toBeNull();
    fireEvent.change(screen.getByTestId('group-name-input'), { target: { value: '  Corsa del lunedì ' } });
    expect(count().textContent).toBe('16/2016 of 20 characters');
    expect(count().className).toBe('name-count');
    fireEvent.change(screen.getByTestId('group-name-input'), { target: { value: 'Corsa del lunedì sera!' } });
    expect(count().className).toBe('name-count over');
    // Only the forbidden symbols typed are named.
    expect(screen.getByTestId('group-name-input-rules-symbols').textContent).toBe('A name cannot contain !');
    fireEvent.change(screen.getByTestId('group-name-input'), { target: { value: 'Corsa! $era' } });
    expect(screen.getByTestId('group-name-input-rules-symbols').textContent).toBe('A name cannot contain these: ! $');
    const input = screen.getByTestId('group-name-input');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')).toBe(
      screen.getByTestId('group-name-input-rules'),
    );
  });

  it('creates a closed group with its sports, and says so', async () => {
    const calls = stubApi();
    renderSheet();
    fireEvent.change(screen.getByTestId('group-name-input'), { target: { value: '  Lecco Hikers ' } });
    fireEvent.change(screen.getByTestId('group-description-input'), { target: { value: 'Weekend hikes' } });
    fireEvent.click(screen.getByTestId('group-type-CLOSED'));
    fireEvent.click(await screen.findByTestId('group-sport-running'));
    fireEvent.change(screen.getByTestId('group-consent-input'), { target: { value: '  Helmets on, always.  ' } });
    fireEvent.click(screen.getByTestId('group-save'));
    await waitFor(() => expect(useToastStore.getState().current?.description).toBe('The group has been created.'));
    expect(useFeedbackStore.getState().current).toBeNull();
    expect(calls.find((c) => c.path === 'group/create-new')?.body).toEqual({
      name: 'Lecco Hikers',
      description: 'Weekend hikes',
      type: 'CLOSED',
      sportIds: ['running'],
      location: null,
      picture: null,
      consentText: 'Helmets on, always.',
    });
  });

  it('edits a group from its current values', async () => {
    const calls = stubApi();
    renderSheet(group.groupId);
    const name = await screen.findByTestId('group-name-input');
    expect((name as HTMLInputElement).value).toBe('Lecco Hikers');
    fireEvent.change(screen.getByTestId('group-description-input'), { target: { value: 'Sunday hikes' } });
    fireEvent.click(screen.getByTestId('group-save'));
    await waitFor(() => expect(useToastStore.getState().current?.description).toBe('The group has been saved.'));
    expect(useFeedbackStore.getState().current).toBeNull();
    expect(calls.find((c) => c.path === 'group/update-existing')?.body).toMatchObject({
      groupId: group.groupId,
      name: 'Lecco Hikers',
      description: 'Sunday hikes',
      type: 'OPEN',
      sportIds: ['running'],
    });
  });
});
