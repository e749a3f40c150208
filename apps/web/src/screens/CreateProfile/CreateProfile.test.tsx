import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { type CallAnswers, refusal, signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { anOwnUser, aSport } from '../../testing/fixtures.ts';
import CreateProfile from './CreateProfile.tsx';

// The call registry (zod and every schema) is slow to transform on a busy machine: not what is tested.
signedInInEnglish();

const stubServer = (createProfile: CallAnswers['auth/create-profile']) =>
  stubCalls({
    'auth/username-exists': () => ({ exists: false }),
    'sport/list-all': () => ({ sports: [aSport()] }),
    'auth/create-profile': createProfile,
  });

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const next = () => fireEvent.click(screen.getByTestId('profile-next'));

async function fillUpToIntensity(typed: string | null = '10') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CreateProfile />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(screen.getByTestId('profile-step-intro')).toBeTruthy();
  next();
  expect(await screen.findByTestId('profile-step-picture')).toBeTruthy();
  next(); // skips the picture
  await screen.findByTestId('profile-step-personal');
  type('profile-first-name', 'Anna');
  type('profile-last-name', 'Bianchi');
  type('profile-username', 'annab90');
  type('profile-birth-date', '1990-05-01');
  fireEvent.change(screen.getByTestId('profile-gender'), { target: { value: 'FEMALE' } });
  type('profile-country', 'Italia');
  type('profile-city', 'Milano');
  next();
  fireEvent.click(await screen.findByTestId('sport-running'));
  next();
  await screen.findByTestId('profile-step-intensity');
  if (typed !== null) type('intensity-value-running', typed);
  fireEvent.click(screen.getByTestId('profile-submit'));
}

describe('the profile wizard', () => {
  it('walks the six steps and sends the profile once', async () => {
    const calls = stubServer(() => ({ user: anOwnUser({ firstName: 'Anna' }) }));
    await fillUpToIntensity();
    expect(await screen.findByTestId('profile-step-done')).toBeTruthy();
    expect(screen.getByTestId('profile-done')).toBeTruthy();
    const sent = calls.filter((c) => c.path === 'auth/create-profile');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      firstName: 'Anna',
      lastName: 'Bianchi',
      username: 'annab90',
      birthDate: '1990-05-01',
      gender: 'FEMALE',
      country: 'Italia',
      city: 'Milano',
      sports: [{ sportId: 'running', intensity: { kind: 'DISTANCE', value: 10_000 } }],
    });
  });

  it('starts each sport from a common outing, which is sent when the person keeps it', async () => {
    const calls = stubServer(() => ({ user: anOwnUser({ firstName: 'Anna' }) }));
    await fillUpToIntensity(null);
    expect(await screen.findByTestId('profile-step-done')).toBeTruthy();
    const [sent] = calls.filter((c) => c.path === 'auth/create-profile');
    expect(sent!.body).toMatchObject({
      sports: [{ sportId: 'running', intensity: { kind: 'DISTANCE', value: 8000 } }],
    });
  });

  it('goes back to the personal step when the username was taken meanwhile', async () => {
    stubServer(() => refusal('USERNAME_TAKEN', 409));
    await fillUpToIntensity();
    expect(await screen.findByTestId('profile-step-personal')).toBeTruthy();
    expect(screen.getByTestId('profile-username-problem')).toBeTruthy();
  });
});
