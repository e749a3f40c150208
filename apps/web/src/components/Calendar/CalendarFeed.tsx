import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { confirm, showError, showSuccess } from '../feedback.ts';
import { copyText, openInOtherApp, showLinkToCopy } from '../Share/share.ts';
import './CalendarFeed.css';

type Feed = { kind: 'mine' } | { kind: 'group'; groupId: string };

const feedKey = (feed: Feed) => ['calendar', 'feed', feed.kind === 'group' ? feed.groupId : 'mine'] as const;

/**
 * A calendar subscription: my activities, or a group's (public for an open group, private to me for a
 * closed group I am in). Calendar apps open the webcal: link; the address can also be copied, and my own
 * can be reset when it has leaked (the old one then stops working, group feeds included).
 */
export function CalendarFeed({ feed }: { feed: Feed }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: feedKey(feed),
    queryFn: () =>
      feed.kind === 'group' ? api('calendar/group-feed', { groupId: feed.groupId }) : api('calendar/my-feed'),
    select: (d) => d.url,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const reset = useMutation({
    mutationFn: () => api('calendar/reset-my-feeds'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['calendar', 'feed'] });
      showSuccess(t('calendarFeed.resetDone'));
    },
    onError: (e) => showError(e),
  });
  const url = query.data;
  if (!url) return null;
  const webcal = url.replace(/^https?:/, 'webcal:');

  const copy = async () => {
    if ((await copyText(url)) === 'copied') showSuccess(t('calendarFeed.copied'));
    // Where the clipboard is refused, the address to copy by hand (the error modal only had a generic text).
    else showLinkToCopy(url);
  };
  const askReset = async () => {
    const sure = await confirm({
      title: t('calendarFeed.resetConfirm.title'),
      description: t('calendarFeed.resetConfirm.description'),
      confirmLabel: t('calendarFeed.reset'),
      destructive: true,
    });
    if (sure) reset.mutate();
  };

  return (
    <div className={`calendar-feed calendar-feed-${feed.kind}`} data-testid={`calendar-feed-${feed.kind}`}>
      <p className="muted">{t(feed.kind === 'mine' ? 'calendarFeed.introMine' : 'calendarFeed.introGroup')}</p>
      <div className="calendar-feed-buttons">
        <a
          className="btn btn-blue"
          href={webcal}
          // In the phone app the system opens it (the calendar app subscribes); a browser follows the link.
          onClick={(e) => {
            if (openInOtherApp(webcal)) e.preventDefault();
          }}
          data-testid="calendar-feed-subscribe"
          data-feed-url={url}
        >
          {t('calendarFeed.subscribe')}
        </a>
        <button type="button" className="btn btn-outline" onClick={copy} data-testid="calendar-feed-copy">
          {t('calendarFeed.copy')}
        </button>
        {feed.kind === 'mine' && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={askReset}
            disabled={reset.isPending}
            data-testid="calendar-feed-reset"
          >
            {t('calendarFeed.reset')}
          </button>
        )}
      </div>
    </div>
  );
}
