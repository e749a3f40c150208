import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { formatLongDate } from '../../i18n/dates.ts';
import { Icon } from '../Icon.tsx';

/** What the server says of a cancelled activity to someone who was in it (ACTIVITY_CANCELLED's details). */
export interface CancelledDetails {
  name: string;
  date: string;
  startTime: string;
}

/** The details of an ACTIVITY_CANCELLED answer, or null for any other error. */
export function cancelledDetails(error: unknown): CancelledDetails | null {
  if (!isApiError(error) || error.code !== 'ACTIVITY_CANCELLED') return null;
  const { name, date, startTime } = error.details as Partial<Record<string, unknown>>;
  return {
    name: typeof name === 'string' ? name : '',
    date: typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '',
    startTime: typeof startTime === 'string' ? startTime : '',
  };
}

/**
 * The page of a cancelled date of a series (or an activity cancelled for the weather), opened from its notification
 * or a link: it says it was cancelled, with its name and when it was, instead of "not found" (docs/series.md).
 */
export function CancelledActivity({ details }: { details: CancelledDetails }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const when = details.date
    ? `${formatLongDate(new Date(`${details.date}T12:00:00`), i18n.language)}${details.startTime ? ` · ${details.startTime}` : ''}`
    : '';
  return (
    <article className="activity-details activity-cancelled" data-testid="activity-cancelled">
      <p className="activity-cancelled-badge">
        <Icon name="reject" size={18} />
        <span>{t('series.cancelledPage.badge')}</span>
      </p>
      {details.name && <h2 data-testid="activity-cancelled-name">{details.name}</h2>}
      {when && (
        <p className="activity-when" data-testid="activity-cancelled-when">
          <Icon name="calendar" size={18} />
          <span>{when}</span>
        </p>
      )}
      <p className="muted">{t('series.cancelledPage.text')}</p>
      <button
        type="button"
        className="btn btn-outline btn-block"
        data-testid="activity-cancelled-calendar"
        onClick={() => navigate('/calendar')}
      >
        {t('series.cancelledPage.calendar')}
      </button>
    </article>
  );
}
