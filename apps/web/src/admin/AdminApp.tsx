import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import './admin.css';

/** The admin area: its own chunk and layout, outside the app shell. Filled by the admin team. */
export default function AdminApp() {
  const { t } = useTranslation();
  return (
    <div className="admin-layout" data-testid="admin-area">
      <header className="admin-header">
        <Logo size={32} />
        <strong>{t('admin.title')}</strong>
      </header>
      <main className="admin-main">
        <Routes>
          <Route
            path="*"
            element={
              <Link to="/admin/login" className="btn btn-blue">
                {t('admin.signIn')}
              </Link>
            }
          />
        </Routes>
      </main>
    </div>
  );
}
