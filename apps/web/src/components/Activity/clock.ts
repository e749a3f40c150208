import { useTranslation } from 'react-i18next';

/** "09:00" in the activity's own time zone, whatever the phone's. */
export function useClock(timeZone: string) {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  return (iso: string) => format.format(new Date(iso));
}
