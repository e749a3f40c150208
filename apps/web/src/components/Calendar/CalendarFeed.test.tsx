import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPlatform } from '../../native/index.ts';
import { createFakePlatform, webPlatform } from '../../native/platform.ts';
import { useSheetStore } from '../../sheets/store.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { CalendarFeed } from './CalendarFeed.tsx';

const FEED = 'https://cordata.example/calendar/feed/01900000-0000-7000-8000-0000000000aa.ics';

const show = () => {
  stubApi(() => ({ json: { url: FEED } }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CalendarFeed feed={{ kind: 'mine' }} />
    </QueryClientProvider>,
  );
  return screen.findByTestId('calendar-feed-subscribe');
};

signedInInEnglish();
afterEach(() => {
  setPlatform(webPlatform);
  vi.unstubAllGlobals();
});

describe('the calendar subscription', () => {
  it('is a webcal: link in a browser, which the browser follows itself', async () => {
    const subscribe = await show();
    expect(subscribe.getAttribute('href')).toBe(FEED.replace('https:', 'webcal:'));
    // Not prevented: the browser hands webcal: to the calendar app.
    expect(fireEvent.click(subscribe)).toBe(true);
    expect(screen.getByTestId('calendar-feed-copy')).toBeTruthy();
  });

  it('in the phone app, hands the webcal: address to the system, where the calendar app subscribes', async () => {
    const fake = createFakePlatform('android');
    setPlatform(fake.platform);
    const subscribe = await show();
    expect(fireEvent.click(subscribe)).toBe(false);
    expect(fake.calls.openedUrls).toEqual([FEED.replace('https:', 'webcal:')]);
    expect(screen.getByTestId('calendar-feed-copy')).toBeTruthy();
  });

  it('copies the address through the share helpers', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await show();
    fireEvent.click(screen.getByTestId('calendar-feed-copy'));
    await eventually(() => expect(writeText).toHaveBeenCalledWith(FEED));
  });

  it('shows the address to copy by hand where the clipboard is refused', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    await show();
    fireEvent.click(screen.getByTestId('calendar-feed-copy'));
    await eventually(() =>
      expect(useSheetStore.getState().stack.at(-1)).toMatchObject({ type: 'share-link', params: { url: FEED } }),
    );
    useSheetStore.setState({ stack: [] });
  });
});
