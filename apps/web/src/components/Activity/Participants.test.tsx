import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, type StubAnswer, signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { anActivity, anOwnUser, aParticipant } from '../../testing/fixtures.ts';
import { useFeedbackStore } from '../feedback.ts';
import { useToastStore } from '../toast.ts';
import { Participants } from './Participants.tsx';

const ME = '01900000-0000-7000-8000-0000000000a1';
const BRUNO = '01900000-0000-7000-8000-0000000000b2';
const CARLA = '01900000-0000-7000-8000-0000000000c3';
const ACTIVITY = '01900000-0000-7000-8000-0000000000ff';

const person = (userId: string, firstName: string, isAdmin: boolean) =>
  aParticipant({ userId, username: firstName.toLowerCase(), firstName, lastName: 'Rossi', isAdmin });

const activity = (isAdmin: boolean) =>
  anActivity({ activityId: ACTIVITY, isAdmin, participantsCount: 3, access: 'OPEN' });

/** The server: the participants list, the caller's profile, and the three admin calls (answered or refused). */
const stubServer = (refuse?: StubAnswer) =>
  stubApi((path) => {
    if (path === 'user/own-profile') return { json: { user: anOwnUser({ userId: ME }) } };
    if (path === 'activity/list-participants') {
      return {
        json: {
          participants: [person(ME, 'Alice', true), person(BRUNO, 'Bruno', false), person(CARLA, 'Carla', true)],
        },
      };
    }
    return refuse ?? { json: { activity: activity(true) } };
  });

const show = (admin: boolean) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Participants activity={activity(admin)} />
    </QueryClientProvider>,
  );

const row = async (userId: string) => {
  const rows = await screen.findAllByTestId('participant');
  return rows.find((r) => r.getAttribute('data-user-id') === userId)!;
};

/** Waits for the own profile, so the caller's row is known. */
const ready = async () => {
  await eventually(() =>
    expect(within(screen.getAllByTestId('participant')[1]!).queryAllByRole('button').length).toBe(3),
  );
};

signedInInEnglish();

describe('the participants list', () => {
  it('offers an admin make admin and remove for a participant, remove admin for an admin, nothing on their own row', async () => {
    stubServer();
    show(true);
    await ready();
    expect(within(await row(BRUNO)).getByTestId('member-make-admin').textContent).toBe('Make admin');
    expect(within(await row(BRUNO)).getByTestId('member-remove').textContent).toBe('Remove');
    expect(within(await row(CARLA)).getByTestId('member-remove-admin').textContent).toBe('Remove admin');
    expect(within(await row(CARLA)).queryByTestId('member-remove')).toBeNull();
    expect(within(await row(ME)).queryByTestId('member-remove-admin')).toBeNull();
    expect(within(await row(ME)).getByText('Admin')).toBeTruthy();
  });

  it('shows no admin actions to someone who is not an admin', async () => {
    const calls = stubServer();
    show(false);
    await row(BRUNO);
    await eventually(() => expect(calls.some((c) => c.path === 'user/own-profile')).toBe(true));
    expect(screen.queryByTestId('member-make-admin')).toBeNull();
    expect(screen.queryByTestId('member-remove')).toBeNull();
    expect(screen.queryByTestId('member-remove-admin')).toBeNull();
  });

  it('makes a participant an admin and says so', async () => {
    const calls = stubServer();
    show(true);
    await ready();
    fireEvent.click(within(await row(BRUNO)).getByTestId('member-make-admin'));
    await eventually(() => expect(useToastStore.getState().current?.description).toBe('Bruno Rossi is now an admin.'));
    expect(useToastStore.getState().current?.title).toBe('Done');
    expect(useFeedbackStore.getState().current).toBeNull();
    expect(calls.find((c) => c.path === 'activity/make-admin')?.body).toEqual({ activityId: ACTIVITY, userId: BRUNO });
  });

  it('asks before removing a participant, and does nothing when cancelled', async () => {
    const calls = stubServer();
    show(true);
    await ready();
    fireEvent.click(within(await row(BRUNO)).getByTestId('member-remove'));
    const asked = useFeedbackStore.getState().current!;
    expect(asked.title).toBe('Remove this participant?');
    expect(asked.description).toBe('Bruno Rossi will leave the activity and its chat.');
    useFeedbackStore.getState().dismiss(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.path === 'activity/remove-user')).toBe(false);

    fireEvent.click(within(await row(BRUNO)).getByTestId('member-remove'));
    useFeedbackStore.getState().dismiss(true);
    await eventually(() => expect(useToastStore.getState().current?.description).toBe('Bruno Rossi has been removed.'));
    expect(useFeedbackStore.getState().current).toBeNull();
    expect(calls.find((c) => c.path === 'activity/remove-user')?.body).toEqual({ activityId: ACTIVITY, userId: BRUNO });
  });

  it("shows the server's refusal when the last admin would lose the role, in Italian too", async () => {
    stubServer(refusal('LAST_ADMIN', 409));
    await i18n.changeLanguage('it');
    show(true);
    await ready();
    fireEvent.click(within(await row(CARLA)).getByTestId('member-remove-admin'));
    await eventually(() => expect(useFeedbackStore.getState().current?.kind).toBe('error'));
    expect(useFeedbackStore.getState().current?.description).toBe(i18n.t('errors.LAST_ADMIN'));
    expect(useFeedbackStore.getState().current?.description).toMatch(/Nomina prima un altro amministratore/);
    // The buttons are usable again.
    expect((within(await row(CARLA)).getByTestId('member-remove-admin') as HTMLButtonElement).disabled).toBe(false);
  });
});
