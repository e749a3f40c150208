import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInInEnglish } from '../testing/api-stub.ts';
import { Sheet } from './Sheet.tsx';
import type { OpenSheet } from './types.ts';

const sheet = { key: 1, type: 'support', params: {}, closing: false } as unknown as OpenSheet;

signedInInEnglish();

describe('a sheet keeps the focus as a modal dialog does', () => {
  it('takes the focus, keeps Tab inside, and gives it back to its opener', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(
      <Sheet sheet={sheet} title="Support" isTop>
        <button type="button">First inside</button>
        <button type="button">Last inside</button>
      </Sheet>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);

    const last = screen.getByText('Last inside');
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByTestId('sheet-back'));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe('offline', () => {
  it('shows the offline banner under the header of the top sheet, and hides it once back online', () => {
    render(
      <Sheet sheet={sheet} title="Support" isTop>
        <p>Inside</p>
      </Sheet>,
    );
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => onlineManager.setOnline(false));
    const banner = screen.getByTestId('offline-banner');
    expect(screen.getByRole('dialog').contains(banner)).toBe(true);
    expect(banner.previousElementSibling?.className).toBe('sheet-header');
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
