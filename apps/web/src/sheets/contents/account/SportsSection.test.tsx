import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../../testing/api-stub.ts';
import { anOwnUser, aSport } from '../../../testing/fixtures.ts';
import { SportsSection } from './SettingsSections.tsx';

signedInInEnglish();

describe('Settings › sports', () => {
  it('a sport added, or measured another way, starts from a common outing', async () => {
    stubCalls({
      'sport/list-all': () => ({ sports: [aSport({ sportId: 'road-cycling', intensityKinds: ['DISTANCE', 'TIME'] })] }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SportsSection user={anOwnUser({ sports: [] })} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('settings-sport-road-cycling'));
    const value = () => (screen.getByTestId('settings-intensity-road-cycling') as HTMLInputElement).value;
    expect(value()).toBe('50');
    fireEvent.change(screen.getByLabelText('Measure'), { target: { value: 'TIME' } });
    expect(value()).toBe('60');
  });
});
