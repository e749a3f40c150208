import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Placeholder, Screen } from '../../components/Screen.tsx';
import { openSheet } from '../../sheets/store.ts';
import type { LegalType } from '../../sheets/types.ts';

/** The accounts team fills the form; the legal-info sheets with their accept handler live here already. */
export default function SignUp() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState<Record<LegalType, boolean>>({ terms: false, privacy: false });
  const open = (type: LegalType) =>
    openSheet({ type: 'legal-info', params: { type, onAccept: () => setAccepted((a) => ({ ...a, [type]: true })) } });
  return (
    <Screen title={t('screens.signUp')} testId="sign-up-screen">
      <Placeholder>
        {(['terms', 'privacy'] as const).map((type) => (
          <button
            key={type}
            type="button"
            className="btn btn-outline"
            data-testid={`open-${type}`}
            data-accepted={accepted[type]}
            onClick={() => open(type)}
          >
            {accepted[type] ? '✓ ' : ''}
            {t(`sheets.legal.${type}`)}
          </button>
        ))}
        <Link to="/login" className="btn btn-ghost">
          {t('welcome.haveAccount')}
        </Link>
      </Placeholder>
    </Screen>
  );
}
