import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { EmergencyContacts } from './EmergencyContacts.tsx';

const SAVED = [
  { name: 'Mum', email: 'mum@example.test', confirmed: true },
  { name: 'Marco', email: 'marco@example.test', confirmed: false },
];

function show() {
  const calls = stubCalls({
    'user/emergency-contacts': () => ({ contacts: SAVED }),
    'user/set-emergency-contacts': (body) => ({
      contacts: body.contacts.map((c: { name: string; email: string }) => ({ ...c, confirmed: false })),
    }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EmergencyContacts />
    </QueryClientProvider>,
  );
  return calls;
}

signedInInEnglish();

describe('emergency contacts in Settings (review M-N2: only confirmed addresses are told)', () => {
  it('says which contact confirmed and which waits, and sends only names and addresses', async () => {
    const calls = show();
    expect((await screen.findByTestId('emergency-contact-state-0')).textContent).toBe(
      'Confirmed: will be told if you are not back',
    );
    expect(screen.getByTestId('emergency-contact-state-1').textContent).toMatch(/^Waiting for confirmation/);
    // A changed address is a new one: its state is not known until saved.
    fireEvent.change(screen.getByTestId('emergency-contact-email-1'), { target: { value: 'marco2@example.test' } });
    expect(screen.queryByTestId('emergency-contact-state-1')).toBeNull();
    fireEvent.click(screen.getByTestId('emergency-contacts-save'));
    await screen.findByTestId('emergency-contact-state-1');
    expect(calls.find((c) => c.path === 'user/set-emergency-contacts')?.body).toEqual({
      contacts: [
        { name: 'Mum', email: 'mum@example.test' },
        { name: 'Marco', email: 'marco2@example.test' },
      ],
    });
  });

  it('speaks Italian', async () => {
    await i18n.changeLanguage('it');
    show();
    expect((await screen.findByTestId('emergency-contact-state-1')).textContent).toMatch(/^In attesa di conferma/);
    await i18n.changeLanguage('en');
  });
});
