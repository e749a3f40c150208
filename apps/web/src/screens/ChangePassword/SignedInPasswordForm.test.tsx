import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFeedbackStore } from '../../components/feedback.ts';
import { useToastStore } from '../../components/toast.ts';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, type StubAnswer, signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { SignedInPasswordForm } from './SignedInPasswordForm.tsx';

signedInInEnglish();

const stubServer = (change: () => StubAnswer = () => ({ json: {} })) =>
  stubApi((path) => {
    if (path === 'user/own-profile') return { json: { user: { userId: 'me', email: 'alice@example.com' } } };
    return change();
  });

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

/** Types into a field and leaves it, as a person does: the field counts as touched. */
function type(testId: string, value: string) {
  fireEvent.change(input(testId), { target: { value } });
  fireEvent.blur(input(testId));
}

function fillAndSend() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SignedInPasswordForm />
    </QueryClientProvider>,
  );
  type('security-current-password', 'Old#Peak41');
  type('security-new-password', 'Fresh#Peak42');
  type('security-repeat', 'Fresh#Peak42');
  fireEvent.click(screen.getByTestId('security-submit'));
}

describe('the signed-in password change', () => {
  it('says it succeeded and shows the emptied form without a single error', async () => {
    const calls = stubServer();
    fillAndSend();
    await eventually(() =>
      expect(useToastStore.getState().current?.description).toBe('Your password has been changed.'),
    );
    expect(useFeedbackStore.getState().current).toBeNull();
    expect(calls.find((c) => c.path === 'auth/email/confirm-change-password')?.body).toEqual({
      currentPassword: 'Old#Peak41',
      password: 'Fresh#Peak42',
    });
    for (const id of ['security-current-password', 'security-new-password', 'security-repeat']) {
      expect(input(id).value).toBe('');
      expect(input(id).getAttribute('aria-invalid')).toBeNull();
      expect(screen.queryByTestId(`${id}-problem`)).toBeNull();
    }
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    // Leaving an emptied field afterwards is a fresh start too: its rule shows again only once it is touched.
    fireEvent.blur(input('security-current-password'));
    expect(screen.getByTestId('security-current-password-problem').textContent).toMatch(/Required field/);
  });

  it('says so in Italian', async () => {
    await i18n.changeLanguage('it');
    stubServer();
    fillAndSend();
    await eventually(() => expect(useToastStore.getState().current?.description).toBe('La password è stata cambiata.'));
    expect(useToastStore.getState().current?.title).toBe('Fatto');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('keeps what was typed and says why when the current password is wrong', async () => {
    stubServer(() => refusal('INVALID_CREDENTIALS', 401));
    fillAndSend();
    expect((await screen.findByTestId('form-error')).textContent).toBe('The current password is not correct');
    expect(input('security-new-password').value).toBe('Fresh#Peak42');
    expect(useFeedbackStore.getState().current).toBeNull();
    expect(useToastStore.getState().current).toBeNull();
  });
});
