import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInInEnglish } from '../testing/api-stub.ts';
import { LoadMore } from './LoadMore.tsx';

signedInInEnglish();

describe('LoadMore', () => {
  it('names the next page with its label, says Loading… while it comes, and is gone after the last page', () => {
    const fetchNextPage = vi.fn(async () => {});
    const list = { hasNextPage: true, isFetchingNextPage: false, fetchNextPage };
    const { rerender } = render(<LoadMore list={list} label="Show more" testId="more" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
    rerender(<LoadMore list={{ ...list, isFetchingNextPage: true }} label="Show more" testId="more" />);
    expect((screen.getByTestId('more') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('more').textContent).toBe('Loading…');
    rerender(<LoadMore list={{ ...list, hasNextPage: false }} label="Show more" testId="more" />);
    expect(screen.queryByTestId('more')).toBeNull();
  });
});
