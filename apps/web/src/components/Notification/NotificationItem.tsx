import type { Notification } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { shortWhen } from '../../chat/format.ts';
import { Icon } from '../Icon.tsx';
import { missingGear, notificationLook, notificationText, rejectionReason } from './format.ts';

/** One notification: its type's icon, the text with the names, the rejection reason, when, and whether it is unread. */
export function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const look = notificationLook[n.type];
  const reason = rejectionReason(n);
  const missing = missingGear(n, t);
  return (
    <li>
      <button
        type="button"
        className={n.read ? 'notification-item bare-button' : 'notification-item bare-button unread'}
        data-testid={`notification-${n.notificationId}`}
        data-type={n.type}
        data-read={n.read}
        onClick={onOpen}
      >
        <span className={`notification-icon topic-${look.topic}`} aria-hidden="true">
          <Icon name={look.icon} size={22} />
        </span>
        <span className="notification-main">
          <span className="notification-text" data-testid="notification-text">
            {notificationText(n, t).map((part, i) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never reorder
              part.bold ? <strong key={i}>{part.text}</strong> : <span key={i}>{part.text}</span>,
            )}
          </span>
          {reason && (
            <span className="notification-reason" data-testid="notification-reason">
              {t('notification.reason', { reason })}
            </span>
          )}
          {missing && (
            <span className="notification-reason" data-testid="notification-missing-gear">
              {missing}
            </span>
          )}
          <time dateTime={n.createdAt}>{shortWhen(new Date(n.createdAt), i18n.language)}</time>
        </span>
        {!n.read && (
          <span className="notification-dot">
            <span className="visually-hidden">{t('notification.unread')}</span>
          </span>
        )}
      </button>
    </li>
  );
}
