import { groupFeedPath } from '@cordata/contract/paths';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';

/** An open group's public calendar: a link calendar apps subscribe to (webcal where the page is served over http(s)). */
export function GroupFeedLink({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const origin = config.publicUrl || (typeof location === 'undefined' ? '' : location.origin);
  const url = `${origin}${groupFeedPath(config.product, groupId)}`;
  return (
    <p className="muted" data-testid="group-feed">
      {t('logistics.feed.intro')}{' '}
      <a href={url.replace(/^https?:/, 'webcal:')} data-testid="group-feed-link">
        {t('logistics.feed.subscribe')}
      </a>
    </p>
  );
}
