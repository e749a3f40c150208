import type { Message, UserSummary } from '@cordata/contract';
import type { TFunction } from 'i18next';
import { formatDate, formatLongDate, formatTime } from '../i18n/dates.ts';

export const personName = (person: UserSummary | null, t: TFunction) =>
  person
    ? [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username || t('chat.someone')
    : t('chat.someone');

/** The line a system event shows, or the text of a message. */
export function messageText(message: Message, t: TFunction): string {
  const name = personName(message.sender, t);
  switch (message.kind) {
    case 'JOINED':
      return t('chat.joined', { name });
    case 'LEFT':
      return t('chat.left', { name });
    case 'CREATED':
      return t('chat.created', { name });
    case 'CLOSED':
      return t('chat.closedEvent');
    default:
      return message.text;
  }
}

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** Today, Yesterday, or the date in the Italian way (weekday, day, month, year). */
export function dayLabel(date: Date, language: string, t: TFunction, now = new Date()): string {
  if (dayKey(date) === dayKey(now)) return t('chat.today');
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return t('chat.yesterday');
  return formatLongDate(date, language);
}

/** A time today, else the date (dd/mm/yyyy): how the chat list shows when something happened. */
export function shortWhen(date: Date, language: string, now = new Date()): string {
  return dayKey(date) === dayKey(now) ? formatTime(date, language) : formatDate(date, language);
}

/** Splits messages (oldest first) into days, keyed by the local day. */
export function groupByDay<T extends { createdAt: string }>(items: T[]) {
  const days: { key: string; date: Date; items: T[] }[] = [];
  for (const item of items) {
    const date = new Date(item.createdAt);
    const key = dayKey(date);
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, date, items: [item] });
  }
  return days;
}

/** The typing line: one name, two names, or several people. */
export function typingLine(names: string[], t: TFunction): string {
  if (names.length === 1) return t('chat.typingOne', { name: names[0] });
  if (names.length === 2) return t('chat.typingTwo', { first: names[0], second: names[1] });
  return names.length ? t('chat.typingMany') : '';
}
