import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';
import { formatLongDate, startOfWeek, weekdayNames } from '../../i18n/dates.ts';
import './Calendar.css';

/** A week strip from Monday; the activities team fills the days. */
export default function Calendar() {
  const { t, i18n } = useTranslation();
  const today = new Date();
  const monday = startOfWeek(today);
  const names = weekdayNames(i18n.language);
  const days = names.map((name, i) => ({
    name,
    date: new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i),
  }));
  return (
    <Screen title={t('screens.calendar')} testId="calendar-screen" actions={<TabActions />}>
      <p className="muted">{formatLongDate(today, i18n.language)}</p>
      <ol className="week-strip" data-testid="week-strip">
        {days.map(({ name, date }) => (
          <li key={name} aria-current={date.toDateString() === today.toDateString() ? 'date' : undefined}>
            <span>{name}</span>
            <strong>{date.getDate()}</strong>
          </li>
        ))}
      </ol>
    </Screen>
  );
}
