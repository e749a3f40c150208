import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { openSheet } from '../sheets/store.ts';
import { useUnreadChatsCount } from '../state/queries/chat.ts';
import { useUnreadNotificationsCount } from '../state/queries/notification.ts';
import { Badge, BottomMenu } from './BottomMenu.tsx';
import { Icon } from './Icon.tsx';
import './Screen.css';

/** The header actions every tab shares: notifications with their badge, and the account sheet. */
export function TabActions() {
  const { t } = useTranslation();
  const unread = useUnreadNotificationsCount();
  return (
    <>
      {/* Named by its content, the badge's count included (an aria-label would hide the count). */}
      <Link to="/notifications" className="icon-btn" data-testid="open-notifications">
        <Icon name="bell" />
        <span className="visually-hidden">{t('menu.notifications')}</span>
        <Badge count={unread} testId="badge-notifications" />
      </Link>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('menu.account')}
        data-testid="open-account"
        onClick={() => openSheet({ type: 'account', params: { step: 'options' } })}
      >
        <Icon name="account" />
      </button>
    </>
  );
}

/** The frame of the five tabs: the screen above, the bottom menu below. */
export function TabLayout() {
  const unreadChats = useUnreadChatsCount();
  return (
    <div className="tab-layout">
      <Outlet />
      <BottomMenu unreadChats={unreadChats} />
    </div>
  );
}
