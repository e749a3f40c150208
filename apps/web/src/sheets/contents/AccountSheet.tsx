import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmergencyContacts } from '../../components/Activity/EmergencyContacts.tsx';
import { CalendarFeed } from '../../components/Calendar/CalendarFeed.tsx';
import { confirm } from '../../components/feedback.ts';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { LanguageSelect } from '../../components/LanguageSelect.tsx';
import { DataExport } from '../../components/Logistics/DataExport.tsx';
import { BlockedPeople } from '../../components/People/BlockedPeople.tsx';
import { PrivacyZones } from '../../components/Privacy/PrivacyZones.tsx';
import { APP_VERSION } from '../../contract.ts';
import { LegalText } from '../../legal/LegalText.tsx';
import { OfflineSetting } from '../../offline/OfflineSetting.tsx';
import { useSignInMethods } from '../../state/queries/signInMethods.ts';
import { signOut } from '../../state/signOut.ts';
import { useUiStore } from '../../state/ui.ts';
import { openSheet, useSheetStore } from '../store.ts';
import type { AccountStep, SettingsSection } from '../types.ts';
import {
  AccountSection,
  ContactSection,
  NotificationsStep,
  SportsSection,
  UserSection,
  WithOwnUser,
} from './account/SettingsSections.tsx';
import { SignInMethods } from './account/SignInMethods.tsx';
import { StravaSetting, useStravaOffered } from './account/Strava.tsx';

// Lazy: the form checks passwords with the contract's rules, which bring zod along.
const SignedInPasswordForm = lazy(() =>
  import('../../screens/ChangePassword/SignedInPasswordForm.tsx').then((m) => ({ default: m.SignedInPasswordForm })),
);

interface Props {
  sheetKey: number;
  step: AccountStep;
  /** The section open on arrival (back from confirming it is them at a provider, or from Strava). */
  section?: SettingsSection;
}

function Row({ icon, label, onClick, testId }: { icon: IconName; label: string; onClick: () => void; testId: string }) {
  return (
    <button type="button" className="list-button" data-testid={testId} onClick={onClick}>
      <Icon name={icon} />
      <span>{label}</span>
      <span className="chevron">
        <Icon name="chevron" size={18} />
      </span>
    </button>
  );
}

function Options({ go, sheetKey }: { go: (s: AccountStep) => void; sheetKey: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = async () => {
    const ok = await confirm({ title: t('logoutConfirm.title'), description: t('logoutConfirm.description') });
    if (!ok) return;
    useSheetStore.getState().close(sheetKey);
    await signOut(queryClient);
    navigate('/', { replace: true });
  };
  return (
    <>
      <Row
        icon="settings"
        label={t('sheets.accountMenu.settings')}
        testId="account-settings"
        onClick={() => go('settings')}
      />
      <Row
        icon="support"
        label={t('sheets.accountMenu.support')}
        testId="account-support"
        onClick={() => openSheet({ type: 'support', params: {} })}
      />
      <Row icon="logout" label={t('sheets.accountMenu.logout')} testId="account-logout" onClick={logout} />
      <p className="muted sheet-version">{t('sheets.accountMenu.version', { version: APP_VERSION })}</p>
    </>
  );
}

type PersonalSection = 'user' | 'account' | 'sports' | 'contact';

function Settings({
  go,
  sheetKey,
  section: initial,
}: {
  go: (s: AccountStep) => void;
  sheetKey: number;
  section?: SettingsSection;
}) {
  const { t } = useTranslation();
  const consentId = useId();
  const consent = useUiStore((s) => s.analyticsConsent);
  const setConsent = useUiStore((s) => s.setAnalyticsConsent);
  // The personal sections open in place, one at a time; security and notifications are steps of their own.
  const [open, setOpen] = useState<PersonalSection | null>(initial === 'account' ? 'account' : null);
  const [dataOpen, setDataOpen] = useState(initial === 'data');
  const [safetyOpen, setSafetyOpen] = useState(false);
  const [feedOpen, setFeedOpen] = useState(false);
  const [blockedOpen, setBlockedOpen] = useState(false);
  const [zonesOpen, setZonesOpen] = useState(false);
  const [stravaOpen, setStravaOpen] = useState(initial === 'strava');
  const stravaOffered = useStravaOffered();
  const section = (name: PersonalSection) => (
    <>
      <Row
        icon={name}
        label={t(`sheets.settings.${name}`)}
        testId={`settings-${name}`}
        onClick={() => setOpen(open === name ? null : name)}
      />
      {open === name && (
        <WithOwnUser>
          {(user) =>
            name === 'user' ? (
              <UserSection user={user} />
            ) : name === 'account' ? (
              <AccountSection user={user} sheetKey={sheetKey} />
            ) : name === 'sports' ? (
              <SportsSection user={user} />
            ) : (
              <ContactSection user={user} />
            )
          }
        </WithOwnUser>
      )}
    </>
  );
  return (
    <>
      {section('user')}
      {section('account')}
      {section('sports')}
      {section('contact')}
      <Row
        icon="security"
        label={t('sheets.settings.security')}
        testId="settings-security"
        onClick={() => go('security')}
      />
      <Row
        icon="notifications"
        label={t('sheets.settings.notifications')}
        testId="settings-notifications"
        onClick={() => go('notifications')}
      />
      <Row
        icon="file"
        label={t('logistics.export.title')}
        testId="settings-data"
        onClick={() => setDataOpen(!dataOpen)}
      />
      {dataOpen && <DataExport />}
      <Row
        icon="security"
        label={t('activity.safety.contacts.title')}
        testId="settings-safety"
        onClick={() => setSafetyOpen(!safetyOpen)}
      />
      {safetyOpen && <EmergencyContacts />}
      <Row
        icon="pin"
        label={t('privacy.title')}
        testId="settings-privacy-zones"
        onClick={() => setZonesOpen(!zonesOpen)}
      />
      {zonesOpen && <PrivacyZones />}
      {stravaOffered && (
        <Row
          icon="sports"
          label={t('strava.title')}
          testId="settings-strava"
          onClick={() => setStravaOpen(!stravaOpen)}
        />
      )}
      {stravaOffered && stravaOpen && <StravaSetting />}
      <Row
        icon="calendar"
        label={t('calendarFeed.title')}
        testId="settings-calendar-feed"
        onClick={() => setFeedOpen(!feedOpen)}
      />
      {feedOpen && <CalendarFeed feed={{ kind: 'mine' }} />}
      <Row
        icon="security"
        label={t('people.block.list')}
        testId="settings-blocked"
        onClick={() => setBlockedOpen(!blockedOpen)}
      />
      {blockedOpen && <BlockedPeople />}
      <Row icon="file" label={t('sheets.account.terms')} testId="settings-terms" onClick={() => go('terms')} />
      <Row icon="file" label={t('sheets.account.privacy')} testId="settings-privacy" onClick={() => go('privacy')} />
      <OfflineSetting />
      <div className="settings-row">
        <Icon name="language" />
        <LanguageSelect showLabel />
      </div>
      <div className="settings-row">
        <Icon name="chart" />
        <label htmlFor={consentId} className="settings-toggle">
          <span>
            {t('sheets.settings.analytics')}
            <small className="muted">{t('sheets.settings.analyticsHint')}</small>
          </span>
          <input
            id={consentId}
            type="checkbox"
            role="switch"
            aria-checked={consent}
            data-testid="analytics-consent"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
          />
        </label>
      </div>
    </>
  );
}

/**
 * Security: the ways in, and changing the password for those who have one. A person who came in through a provider
 * (or where passwords are off) has none to change: the ways in say how to set one (issue 41).
 */
function Security() {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  return (
    <>
      <SignInMethods />
      {methods.data?.password && (
        <div className="sheet-section" data-testid="security-change-password">
          <p>{t('sheets.security.intro')}</p>
          <Suspense fallback={<span className="spinner" role="status" />}>
            <SignedInPasswordForm />
          </Suspense>
        </div>
      )}
    </>
  );
}

/** Account: options → settings → security, notifications, terms, privacy (spec §2, back rules §4). */
export function AccountContent({ sheetKey, step, section }: Props) {
  const go = (next: AccountStep) => useSheetStore.getState().setStep(sheetKey, next);
  return (
    <div
      className={step === 'terms' || step === 'privacy' ? 'sheet-body' : 'sheet-body flush'}
      data-testid={`account-step-${step}`}
    >
      {step === 'options' && <Options go={go} sheetKey={sheetKey} />}
      {step === 'settings' && <Settings go={go} sheetKey={sheetKey} section={section} />}
      {step === 'security' && <Security />}
      {step === 'notifications' && <NotificationsStep />}
      {(step === 'terms' || step === 'privacy') && <LegalText type={step} showTitle={false} />}
    </div>
  );
}
