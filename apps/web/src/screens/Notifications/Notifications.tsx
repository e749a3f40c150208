import { useTranslation } from 'react-i18next';
import { MarkAllRead, NotificationList } from '../../components/Notification/NotificationList.tsx';
import { Screen } from '../../components/Screen.tsx';

/** /notifications: everything that happened to me, newest first; a tap opens it and marks it read. */
export default function Notifications() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.notifications')} testId="notifications-screen" back>
      <div className="notification-toolbar">
        <MarkAllRead />
      </div>
      <NotificationList />
    </Screen>
  );
}
