import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from './Icon.tsx';
import './BottomMenu.css';

const items: { to: string; key: 'contacts' | 'groups' | 'home' | 'calendar' | 'chats'; icon: IconName }[] = [
  { to: '/contacts', key: 'contacts', icon: 'contacts' },
  { to: '/groups', key: 'groups', icon: 'groups' },
  { to: '/home', key: 'home', icon: 'home' },
  { to: '/calendar', key: 'calendar', icon: 'calendar' },
  { to: '/chats', key: 'chats', icon: 'chats' },
];

export function Badge({ count, testId }: { count: number; testId?: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="badge" data-testid={testId}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('menu.unread', { count })}</span>
    </span>
  );
}

/** Contacts, Groups, Home, Calendar, Chats (spec §2). */
export function BottomMenu({ unreadChats = 0 }: { unreadChats?: number }) {
  const { t } = useTranslation();
  return (
    <nav className="bottom-menu" aria-label={t('menu.label')} data-testid="bottom-menu" data-toast-floor>
      {items.map((item) => (
        <NavLink key={item.key} to={item.to} data-testid={`menu-${item.key}`}>
          <span className="icon-wrap">
            <Icon name={item.icon} />
            {item.key === 'chats' && <Badge count={unreadChats} testId="badge-chats" />}
          </span>
          {t(`menu.${item.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
