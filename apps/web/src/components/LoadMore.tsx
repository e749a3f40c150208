import { useTranslation } from 'react-i18next';

/** What a paged list (a `useInfiniteQuery` result) gives the button. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The next page of a paged list, on demand (spec §9: 10 a page, a next page while the last one held 10), named by
 * `label` ("Load more", "Show more"); "Loading…" while it comes, gone once the last page was short.
 */
export function LoadMore({ list, label, testId }: { list: PagedList; label: string; testId?: string }) {
  const { t } = useTranslation();
  if (!list.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-block"
      data-testid={testId}
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? t('common.loading') : label}
    </button>
  );
}
