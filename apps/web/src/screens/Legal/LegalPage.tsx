import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../../components/LanguageSelect.tsx';
import { LegalText } from '../../legal/LegalText.tsx';

/** /privacy and /terms: standalone pages, reachable in every mode. */
export default function LegalPage({ type }: { type: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  return (
    <main className="legal-page" data-testid={`${type}-page`}>
      <nav className="legal-page-nav">
        <Link to="/" className="btn btn-ghost">
          {t('legal.backHome')}
        </Link>
        <LanguageSelect />
      </nav>
      <LegalText type={type} />
    </main>
  );
}
