import type { FetchStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import './Activity/activity.css';
import './QueryState.css';

/** What QueryState reads of a query: `useQuery` and `useInfiniteQuery` results both fit. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  fetchStatus: FetchStatus;
  refetch: () => Promise<unknown>;
}

/**
 * Grey rounded rows shaped like the cards (or the person and chat rows) they stand in for, while a list loads;
 * `page` stands in for one activity or group: a title and two lines, the map or picture, then `rows` lines.
 * The shimmer stops under prefers-reduced-motion; screen readers hear "Loading…" once.
 */
export function Skeleton({
  variant = 'card',
  rows = 3,
  testId,
}: {
  variant?: 'card' | 'row' | 'page';
  rows?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`skeleton skeleton-${variant}`} role="status" aria-label={t('common.loading')} data-testid={testId}>
      <span className="visually-hidden">{t('common.loading')}</span>
      {variant === 'page' && (
        <div className="skeleton-page-head" aria-hidden="true">
          <span className="skeleton-block skeleton-title" />
          <span className="skeleton-block skeleton-line short" />
          <span className="skeleton-block skeleton-line shorter" />
          <span className="skeleton-block skeleton-media" />
        </div>
      )}
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows, never reordered
        <div key={i} className="skeleton-item" aria-hidden="true">
          {variant === 'row' && <span className="skeleton-block skeleton-avatar" />}
          <span className="skeleton-lines">
            <span className="skeleton-block skeleton-line" />
            <span className="skeleton-block skeleton-line short" />
            {variant === 'card' && <span className="skeleton-block skeleton-line shorter" />}
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * One thing read from the server: a skeleton (`skeleton`) or a spinner while it loads; a note when it waits
 * for the connection with nothing cached; "not found" for `notFoundCode`; else, once the query client has
 * given up retrying (spec §9: 3 retries), the error with a Retry button; then `children`. Data already
 * loaded keeps showing when a later refetch fails. The placeholders carry `{testPrefix}-loading`,
 * `-offline`, `-not-found`, `-error` and `-retry`.
 */
export function QueryState<T>({
  query,
  notFoundCode,
  testPrefix,
  skeleton,
  errorText,
  children,
}: {
  query: QueryLike<T>;
  notFoundCode?: 'ACTIVITY_NOT_FOUND' | 'GROUP_NOT_FOUND' | 'POLL_NOT_FOUND';
  testPrefix: string;
  /** Load with a skeleton of cards, rows or one page (an activity, a group) instead of a spinner. */
  skeleton?: 'card' | 'row' | 'page';
  /** What could not be loaded ("The chats could not be loaded."); the generic error otherwise. */
  errorText?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const missing = query.isError && isApiError(query.error) && query.error.code === notFoundCode;
  if (missing) {
    return (
      <div className="placeholder" data-testid={`${testPrefix}-not-found`}>
        <p>{t(`errors.${notFoundCode}`)}</p>
      </div>
    );
  }
  if (query.data !== undefined) return children(query.data);
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <p className="placeholder" role="status" data-testid={`${testPrefix}-offline`}>
        {t('states.offlineNothingYet')}
      </p>
    );
  }
  if (query.isError) {
    const code = isApiError(query.error) ? query.error.code : 'INTERNAL';
    // A reason worth telling (no connection, too many attempts); a server fault is just "an error occurred".
    const reason = code === 'SERVICE_UNAVAILABLE' || code === 'RATE_LIMITED' ? t(`errors.${code}`) : null;
    return (
      <div className="placeholder" role="alert" data-testid={`${testPrefix}-error`}>
        <p>{errorText ?? reason ?? t('errors.INTERNAL')}</p>
        {errorText && reason && <p className="query-state-reason">{reason}</p>}
        <button
          type="button"
          className="btn btn-outline"
          data-testid={`${testPrefix}-retry`}
          onClick={() => void query.refetch()}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (skeleton) return <Skeleton variant={skeleton} testId={`${testPrefix}-loading`} />;
  return (
    <div
      className="activity-loading"
      role="status"
      aria-label={t('common.loading')}
      data-testid={`${testPrefix}-loading`}
    >
      <div className="spinner" />
    </div>
  );
}
