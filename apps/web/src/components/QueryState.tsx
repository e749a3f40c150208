import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import './Activity/activity.css';

/**
 * One thing read from the server, as the screens that show an activity or a group need it: a spinner
 * while it loads; "not found" for `notFoundCode`, else the generic error with a retry; then `children`.
 * The two placeholders carry `{testPrefix}-not-found` and `{testPrefix}-error`.
 */
export function QueryState<T>({
  query,
  notFoundCode,
  testPrefix,
  children,
}: {
  query: UseQueryResult<T>;
  notFoundCode: 'ACTIVITY_NOT_FOUND' | 'GROUP_NOT_FOUND';
  testPrefix: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="activity-loading" role="status" aria-label={t('common.loading')}>
        <div className="spinner" />
      </div>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.code === notFoundCode;
    return (
      <div className="placeholder" data-testid={missing ? `${testPrefix}-not-found` : `${testPrefix}-error`}>
        <p>{missing ? t(`errors.${notFoundCode}`) : t('errors.INTERNAL')}</p>
        {!missing && (
          <button type="button" className="btn btn-outline" onClick={() => query.refetch()}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  return children(query.data);
}
