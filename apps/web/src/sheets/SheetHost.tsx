import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Placeholder } from '../components/Screen.tsx';
import { AccountContent } from './contents/AccountSheet.tsx';
import { ConsentContent } from './contents/ConsentSheet.tsx';
import { ChatContent } from './contents/chat/ChatSheet.tsx';
import { FiltersContent } from './contents/FiltersSheet.tsx';
import { GroupContent } from './contents/group/GroupSheet.tsx';
import { HandleGroupContent } from './contents/group/HandleGroupSheet.tsx';
import { InviteContactContent } from './contents/InviteContactSheet.tsx';
import { LegalInfoContent } from './contents/LegalInfoSheet.tsx';
import { ProfileContent } from './contents/ProfileSheet.tsx';
import { HandlePollContent } from './contents/poll/HandlePollSheet.tsx';
import { ShareLinkContent } from './contents/ShareLinkSheet.tsx';
import { SupportContent } from './contents/SupportSheet.tsx';
import { Sheet } from './Sheet.tsx';
import { topSheet, useSheetStore } from './store.ts';
import type { HandleActivityStep, OpenSheet } from './types.ts';
import { activityWizardTitle } from './wizardTitle.ts';
import './contents/contents.css';

// The activity sheets carry maps and the wizard: loaded when first opened.
const ActivitySheet = lazy(() => import('./contents/activity/ActivitySheet.tsx'));
const HandleActivitySheet = lazy(() => import('./contents/activity/HandleActivitySheet.tsx'));
const NotificationSheet = lazy(() => import('./contents/NotificationSheet.tsx'));

function sheetTitle(sheet: OpenSheet, t: TFunction): string {
  switch (sheet.type) {
    case 'account':
      return t(`sheets.account.${sheet.params.step}`);
    case 'support':
      return t('sheets.support.title');
    case 'legal-info':
      return t(`sheets.legal.${sheet.params.type}`);
    case 'handle-group':
      return t(`sheets.handleGroup.${sheet.params.step}`);
    case 'handle-activity':
      return sheet.params.purpose === 'backup'
        ? t('activity.backup.title')
        : activityWizardTitle(t, sheet.params.step as Exclude<HandleActivityStep, 'backup'>);
    case 'invite-contact':
      return t('sheets.inviteContact');
    case 'group-filters':
      return t('sheets.groupFilters');
    case 'home-filters':
      return t('sheets.homeFilters');
    case 'share-link':
      return t('share.byHand.title');
    default:
      return t(`sheets.${sheet.type}`);
  }
}

function SheetContent({ sheet }: { sheet: OpenSheet }) {
  switch (sheet.type) {
    case 'account':
      return <AccountContent sheetKey={sheet.key} step={sheet.params.step} section={sheet.params.section} />;
    case 'support':
      return <SupportContent />;
    case 'legal-info':
      return <LegalInfoContent sheetKey={sheet.key} params={sheet.params} />;
    case 'activity':
      return (
        <Suspense>
          <ActivitySheet sheetKey={sheet.key} id={sheet.params.id} />
        </Suspense>
      );
    case 'handle-activity':
      return (
        <Suspense>
          <HandleActivitySheet sheetKey={sheet.key} params={sheet.params} />
        </Suspense>
      );
    case 'group':
      return <GroupContent sheetKey={sheet.key} id={sheet.params.id} />;
    case 'handle-group':
      return <HandleGroupContent sheetKey={sheet.key} params={sheet.params} />;
    case 'profile':
      return <ProfileContent sheetKey={sheet.key} userId={sheet.params.id} />;
    case 'invite-contact':
      return <InviteContactContent sheetKey={sheet.key} params={sheet.params} />;
    case 'chat':
      return <ChatContent key={sheet.params.id} chatId={sheet.params.id} />;
    case 'home-filters':
      return <FiltersContent sheetKey={sheet.key} kind="home" />;
    case 'notification':
      return (
        <Suspense>
          <NotificationSheet sheetKey={sheet.key} />
        </Suspense>
      );
    case 'group-filters':
      return <FiltersContent sheetKey={sheet.key} kind="group" />;
    case 'share-link':
      return <ShareLinkContent url={sheet.params.url} />;
    case 'consent':
      return <ConsentContent sheetKey={sheet.key} params={sheet.params} />;
    case 'handle-poll':
      return <HandlePollContent sheetKey={sheet.key} params={sheet.params} />;
    default:
      // The people, groups, activities and chat teams fill these.
      return (
        <div className="sheet-body">
          <Placeholder />
        </div>
      );
  }
}

/** Renders the sheet stack over the screens. */
export function SheetHost() {
  const { t } = useTranslation();
  const stack = useSheetStore((s) => s.stack);
  const top = topSheet(stack);
  return (
    <>
      {stack.map((sheet) => (
        <Sheet key={sheet.key} sheet={sheet} title={sheetTitle(sheet, t)} isTop={sheet === top}>
          <SheetContent sheet={sheet} />
        </Sheet>
      ))}
    </>
  );
}
