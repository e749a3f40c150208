import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { useFeedbackStore } from '../feedback.ts';
import { RouteLinkImport } from './RouteLinkImport.tsx';

signedInInEnglish();

const paste = (url: string) => {
  fireEvent.change(screen.getByTestId('route-link-input'), { target: { value: url } });
  fireEvent.click(screen.getByTestId('route-link-submit'));
};

describe('pasting a route link', () => {
  it('hands the fetched GPX over as a file and shows where it came from', async () => {
    stubApi(() => ({
      json: { gpx: '<gpx></gpx>', name: 'Giro del lago', source: 'ridewithgps', attribution: 'RideWithGPS: x' },
    }));
    const onFile = vi.fn();
    render(<RouteLinkImport onFile={onFile} />);
    paste('https://ridewithgps.com/routes/1');
    await waitFor(() => expect(onFile).toHaveBeenCalled());
    const file = onFile.mock.calls[0]![0] as File;
    expect(file.name).toBe('Giro del lago.gpx');
    expect(await file.text()).toBe('<gpx></gpx>');
    expect(screen.getByTestId('route-attribution').textContent).toContain('RideWithGPS');
  });

  it('says how to export a GPX from a site it may not fetch from', async () => {
    stubApi(() => ({
      status: 400,
      json: { error: { code: 'ROUTE_SOURCE_UNSUPPORTED', message: 'x', details: { source: 'komoot' } } },
    }));
    const onFile = vi.fn();
    render(<RouteLinkImport onFile={onFile} />);
    paste('https://www.komoot.com/tour/1');
    await waitFor(() => expect(useFeedbackStore.getState().current).not.toBeNull());
    expect(useFeedbackStore.getState().current?.description).toMatch(/On Komoot, open the tour.*Download GPX/);
    expect(onFile).not.toHaveBeenCalled();
  });
});
