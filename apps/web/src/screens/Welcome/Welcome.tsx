import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSelect } from '../../components/LanguageSelect.tsx';
import { Logo } from '../../components/Logo.tsx';
import { useUiStore } from '../../state/ui.ts';
import { GroupArt, PartnersArt, PlanArt } from './illustrations.tsx';
import './Welcome.css';

const arts = [PartnersArt, PlanArt, GroupArt];
/** How far a finger must travel sideways for a swipe; less is a tap. */
const SWIPE_MIN_PX = 40;

export default function Welcome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setHasSeenWelcome = useUiStore((s) => s.setHasSeenWelcome);
  const [index, setIndex] = useState(0);
  const slides = t('welcome.slides', { returnObjects: true }) as { title: string; text: string }[];
  const slide = slides[index]!;
  const Art = arts[index]!;
  const last = index === arts.length - 1;

  // A horizontal swipe over the slide moves to the next or the previous one, as in every phone carousel.
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    swipeStart.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(e.clientY - start.y)) return;
    setIndex((i) => Math.min(arts.length - 1, Math.max(0, i + (dx < 0 ? 1 : -1))));
  };

  const finish = (to: string) => {
    setHasSeenWelcome(true);
    navigate(to, { replace: true });
  };

  return (
    <main className="welcome" data-testid="welcome-screen">
      <div className="welcome-top">
        <Logo size={40} />
        <LanguageSelect />
      </div>
      <section
        className="welcome-slide"
        aria-live="polite"
        data-testid={`welcome-slide-${index + 1}`}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div className="welcome-art">
          <Art />
        </div>
        <h1>{slide.title}</h1>
        <p>{slide.text}</p>
      </section>
      <div className="welcome-dots">
        {arts.map((_, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the slides are a fixed list
            key={i}
            type="button"
            aria-label={t('welcome.slideOf', { n: i + 1, total: arts.length })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
      <div className="welcome-actions">
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="welcome-next"
          onClick={() => (last ? finish('/sign-up') : setIndex(index + 1))}
        >
          {last ? t('welcome.start') : t('common.next')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={() => finish('/login')}>
          {t('welcome.haveAccount')}
        </button>
      </div>
    </main>
  );
}
