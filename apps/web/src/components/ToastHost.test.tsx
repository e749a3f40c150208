import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { showError, showSuccess, useFeedbackStore } from './feedback.ts';
import { floorHeight, ToastHost } from './ToastHost.tsx';
import { toastDuration, useToastStore } from './toast.ts';

beforeEach(async () => {
  useToastStore.setState({ current: null });
  useFeedbackStore.setState({ current: null });
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('success toast', () => {
  it('shows a success without the modal, with the same title and description, in a polite live region', () => {
    render(<ToastHost />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    expect(screen.queryByTestId('toast')).toBeNull();

    act(() => showSuccess('You are taking part! See you there.'));
    expect(useFeedbackStore.getState().current).toBeNull();
    // The same element that was there before the text: screen readers read what changes in it.
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Done You are taking part! See you there.');
    expect(screen.getByTestId('toast-title').textContent).toBe('Done');
    expect(screen.getByTestId('toast-close').getAttribute('aria-label')).toBe('Close the message');
    // It never takes focus from what the person was doing.
    expect(document.activeElement).toBe(document.body);
  });

  it('speaks Italian', async () => {
    await i18n.changeLanguage('it');
    render(<ToastHost />);
    act(() => showSuccess('La password è stata cambiata.'));
    expect(screen.getByTestId('toast').textContent).toContain('Fatto La password è stata cambiata.');
    expect(screen.getByTestId('toast-close').getAttribute('aria-label')).toBe('Chiudi il messaggio');
  });

  it('goes by itself after about 4 s, and the close button dismisses it at once', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => showSuccess('Saved.'));
    act(() => vi.advanceTimersByTime(3_900));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('toast')).toBeNull();

    act(() => showSuccess('Saved again.'));
    fireEvent.click(screen.getByTestId('toast-close'));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(useToastStore.getState().current).toBeNull();
  });

  it('stays longer for a long text, and at most 10 s', () => {
    expect(toastDuration('Done Saved.')).toBe(4_000);
    const long = 'x'.repeat(120);
    expect(toastDuration(long)).toBeGreaterThan(8_000);
    expect(toastDuration('x'.repeat(1000))).toBe(10_000);
  });

  it('shows one at a time: a new one replaces the old and gets its own time', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => showSuccess('First.'));
    act(() => vi.advanceTimersByTime(3_000));
    act(() => showSuccess('Second.'));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast-description').textContent).toBe('Second.');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('toast-description').textContent).toBe('Second.');
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('waits while a pointer or the keyboard is on it', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => showSuccess('Saved.'));
    fireEvent.pointerEnter(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    fireEvent.pointerLeave(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('errors stay in the feedback modal', () => {
    render(<ToastHost />);
    act(() => showError(new Error('boom')));
    expect(useFeedbackStore.getState().current?.kind).toBe('error');
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});

describe('where the toast sits', () => {
  const floor = (top: number, height: number, hidden = false) => {
    const el = document.createElement('div');
    el.setAttribute('data-toast-floor', '');
    el.getBoundingClientRect = () => ({ top, height }) as DOMRect;
    if (hidden) {
      const layer = document.createElement('div');
      layer.setAttribute('aria-hidden', 'true');
      layer.append(el);
      document.body.append(layer);
    } else document.body.append(el);
  };

  it('above the highest tab bar or action bar shown, skipping sheets under the top one', () => {
    expect(floorHeight()).toBe(0);
    floor(window.innerHeight - 64, 64); // the tab bar
    expect(floorHeight()).toBe(64);
    floor(window.innerHeight - 200, 60, true); // an action bar in a sheet under another sheet
    expect(floorHeight()).toBe(64);
    floor(window.innerHeight - 76, 76); // the action bar of the activity on top
    expect(floorHeight()).toBe(76);
  });
});
