import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Placeholder, Screen } from '../../components/Screen.tsx';
import { openSheet } from '../../sheets/store.ts';

/** The accounts team fills the form; the shell needs the route and its ways out. */
export default function Login() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.login')} testId="login-screen">
      <Placeholder>
        <Link to="/sign-up" className="btn btn-ghost">
          {t('login.noAccount')}
        </Link>
        <Link to="/forgot-password" className="btn btn-ghost">
          {t('login.forgot')}
        </Link>
        <button
          type="button"
          className="btn btn-outline"
          data-testid="open-support"
          onClick={() => openSheet({ type: 'support', params: {} })}
        >
          {t('sheets.accountMenu.support')}
        </button>
      </Placeholder>
    </Screen>
  );
}
