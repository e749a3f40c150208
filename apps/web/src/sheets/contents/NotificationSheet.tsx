import { MarkAllRead, NotificationList } from '../../components/Notification/NotificationList.tsx';
import { useSheetStore } from '../store.ts';

/** The notification sheet: the same list as /notifications; opening one closes the sheet. */
export default function NotificationSheet({ sheetKey }: { sheetKey: number }) {
  return (
    <div className="sheet-body">
      <div className="notification-toolbar">
        <MarkAllRead />
      </div>
      <NotificationList onOpened={() => useSheetStore.getState().close(sheetKey)} />
    </div>
  );
}
