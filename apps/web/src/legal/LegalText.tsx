import type { Language } from '@cordata/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../config.ts';
import { FALLBACK_LANGUAGE } from '../contract.ts';
import { formatLongDate } from '../i18n/dates.ts';
import { isLanguage } from '../i18n/index.ts';
import type { LegalDocument, LegalTexts } from './types.ts';
import { withEmail } from './types.ts';
import './legal.css';

// The texts are long: each language is its own chunk, fetched only when a legal text is shown.
const loaders: Record<Language, () => Promise<LegalTexts>> = {
  en: () => import('./locales/en.json').then((m) => m.default),
  it: () => import('./locales/it.json').then((m) => m.default),
  de: () => import('./locales/de.json').then((m) => m.default),
  fr: () => import('./locales/fr.json').then((m) => m.default),
  es: () => import('./locales/es.json').then((m) => m.default),
};

export function useLegalDocument(type: 'terms' | 'privacy'): LegalDocument | null {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const [doc, setDoc] = useState<{ language: string; texts: LegalTexts } | null>(null);
  useEffect(() => {
    let live = true;
    void loaders[language]!().then((texts) => live && setDoc({ language, texts }));
    return () => {
      live = false;
    };
  }, [language]);
  return doc?.language === language ? doc.texts[type] : null;
}

/** Turns each occurrence of the support address into a mail link. */
function WithMailLinks({ text, email }: { text: string; email: string }) {
  const parts = text.split(email);
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed paragraph never reorder
    <span key={i}>
      {i > 0 && <a href={`mailto:${email}`}>{email}</a>}
      {part}
    </span>
  ));
}

/** The full terms or privacy text, in the current language. */
export function LegalText({ type, showTitle = true }: { type: 'terms' | 'privacy'; showTitle?: boolean }) {
  const { t, i18n } = useTranslation();
  const doc = useLegalDocument(type);
  if (!doc) return <div className="spinner" role="status" aria-label={t('common.loading')} />;
  const email = config.supportEmail;
  return (
    <article className="legal-text" data-testid={`legal-${type}`}>
      {showTitle && <h1>{doc.title}</h1>}
      <p className="muted">
        {t('legal.updated', { date: formatLongDate(new Date(`${doc.updated}T12:00:00`), i18n.language) })}
      </p>
      <p>{withEmail(doc.intro, email)}</p>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p.slice(0, 40)}>
              <WithMailLinks text={withEmail(p, email)} email={email} />
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
