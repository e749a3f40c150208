import { type Notification, NotificationType } from '@cordata/contract';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { aNotification, aUser } from '../../testing/fixtures.ts';
import { fillTemplate, notificationText, rejectionReason } from './format.ts';

const actor = aUser({ userId: 'u1', username: 'annab' });
const make = (type: NotificationType, extra: Partial<Notification> = {}): Notification =>
  aNotification({
    notificationId: 'n1',
    type,
    targetId: 't1',
    actor,
    targetName: 'Monte Rosa',
    createdAt: '2026-11-21T10:00:00.000Z',
    ...extra,
  });
const plain = (n: Notification, lng: 'en' | 'it') =>
  notificationText(n, i18n.getFixedT(lng))
    .map((p) => p.text)
    .join('');

describe('notification texts', () => {
  it.each(NotificationType.options.flatMap((type) => [[type, 'en'] as const, [type, 'it'] as const]))(
    '%s in %s names who and what',
    (type, lng) => {
      const text = plain(make(type), lng);
      expect(text).not.toMatch(/notification\.|\{\{|<b>/);
      if (type === 'NEW_CONTACT' || type === 'CONTACT_REQUEST') expect(text).toContain('Anna Bianchi');
      else expect(text).toContain('Monte Rosa');
    },
  );

  it("tells organisers of joins, waits, late leaves and taken seats, batched, in the reader's language", () => {
    expect(plain(make('ACTIVITY_JOINED'), 'en')).toBe('Anna Bianchi joined Monte Rosa');
    expect(plain(make('ACTIVITY_JOINED', { reason: '+2' }), 'en')).toBe('Anna Bianchi and 2 more joined Monte Rosa');
    expect(plain(make('ACTIVITY_JOINED', { reason: '+1' }), 'it')).toBe(
      'Anna Bianchi e un’altra persona partecipano a Monte Rosa',
    );
    expect(plain(make('ACTIVITY_WAITLISTED'), 'it')).toBe('Anna Bianchi è in lista d’attesa per Monte Rosa');
    expect(plain(make('ACTIVITY_WAITLISTED', { reason: '+3' }), 'en')).toBe(
      'Anna Bianchi and 3 more joined the waitlist of Monte Rosa',
    );
    expect(plain(make('ACTIVITY_SEAT_TAKEN'), 'en')).toBe('Anna Bianchi took a freed seat in Monte Rosa');
    expect(plain(make('ACTIVITY_SEAT_TAKEN', { reason: '+4' }), 'it')).toBe(
      'Anna Bianchi e altre 4 persone hanno preso posti liberati in Monte Rosa',
    );
    expect(plain(make('ACTIVITY_LATE_LEAVE'), 'en')).toBe('Anna Bianchi left Monte Rosa after the join deadline');
    expect(plain(make('ACTIVITY_LATE_LEAVE', { reason: 'SOON' }), 'en')).toBe(
      'Anna Bianchi left Monte Rosa, which starts within 24 h',
    );
    expect(plain(make('ACTIVITY_LATE_LEAVE', { reason: 'SOON +2' }), 'it')).toBe(
      'Anna Bianchi e altre 2 persone hanno lasciato Monte Rosa, che inizia entro 24 ore',
    );
  });

  it('differs between the languages', () => {
    expect(plain(make('ACTIVITY_INVITE'), 'en')).toBe('Anna Bianchi invited you to Monte Rosa');
    expect(plain(make('ACTIVITY_INVITE'), 'it')).toBe('Anna Bianchi ti invita a Monte Rosa');
  });

  it("says which date of a series was cancelled, in the reader's language", () => {
    const cancelled = make('ACTIVITY_CANCELLED', { reason: '2026-12-08 18:30' });
    expect(plain(cancelled, 'en')).toBe('Monte Rosa on Tue 8 Dec, 18:30 is cancelled');
    expect(plain(cancelled, 'it')).toBe('Monte Rosa di mar 8 dic, 18:30 è annullata');
  });

  it('says when a reminded activity starts, and what an edit changed', () => {
    expect(plain(make('ACTIVITY_REMINDER', { actor: null, reason: '09:00' }), 'en')).toBe('Monte Rosa starts at 09:00');
    expect(plain(make('ACTIVITY_REMINDER', { actor: null, reason: '09:00' }), 'it')).toBe(
      'Monte Rosa inizia alle 09:00',
    );
    expect(plain(make('ACTIVITY_REMINDER', { actor: null, reason: 'TOMORROW 09:00' }), 'en')).toBe(
      'Monte Rosa starts tomorrow at 09:00',
    );
    expect(plain(make('ACTIVITY_REMINDER', { actor: null, reason: 'TOMORROW 09:00' }), 'it')).toBe(
      'Monte Rosa inizia domani alle 09:00',
    );
    expect(plain(make('ACTIVITY_EDIT', { reason: 'TIME' }), 'en')).toBe(
      'Monte Rosa has a new time: check when it starts',
    );
    expect(plain(make('ACTIVITY_EDIT', { reason: 'PLACE' }), 'it')).toBe(
      'Monte Rosa ha un nuovo punto di partenza: guarda dove ci si trova',
    );
    expect(plain(make('ACTIVITY_EDIT', { reason: 'TIME_PLACE' }), 'en')).toContain('new time and start point');
    expect(plain(make('ACTIVITY_EDIT', { reason: 'END' }), 'en')).toBe(
      'Monte Rosa now ends at a different time: check when it finishes',
    );
    expect(plain(make('ACTIVITY_EDIT', { reason: 'END' }), 'it')).toBe(
      'Monte Rosa ora finisce a un altro orario: guarda quando termina',
    );
    expect(plain(make('ACTIVITY_EDIT', { reason: 'END_PLACE' }), 'it')).toContain('nuovo orario di fine');
    expect(plain(make('ACTIVITY_EDIT', { reason: 'something else' }), 'en')).toBe(
      'Monte Rosa has changed: check the new details',
    );
  });

  it('falls back when the actor or the target is gone', () => {
    expect(plain(make('GROUP_REQUEST', { actor: null, targetName: null }), 'en')).toBe(
      'Someone asks to join the group a group',
    );
    expect(plain(make('ACTIVITY_INVITE', { actor: { ...actor, firstName: null, lastName: null } }), 'it')).toBe(
      'annab ti invita a Monte Rosa',
    );
  });

  it('says who wrote for a direct chat', () => {
    const direct = make('SEND_MESSAGE', { targetName: null, reason: 'DIRECT' });
    expect(plain(direct, 'en')).toBe('New messages from Anna Bianchi');
    expect(plain(direct, 'it')).toBe('Nuovi messaggi da Anna Bianchi');
  });

  it('keeps markup in names as text', () => {
    const parts = notificationText(make('SEND_MESSAGE', { targetName: '<b>x</b>' }), i18n.getFixedT('en'));
    expect(parts).toEqual([
      { text: 'New messages in ', bold: false },
      { text: '<b>x</b>', bold: true },
    ]);
  });

  it('shows the reason of rejections only', () => {
    expect(rejectionReason(make('ACTIVITY_REJECT', { reason: 'Full' }))).toBe('Full');
    expect(rejectionReason(make('GROUP_REJECT', { reason: 'Members only' }))).toBe('Members only');
    expect(rejectionReason(make('ACTIVITY_ACCEPT', { reason: 'x' }))).toBeNull();
  });

  it('fills templates', () => {
    expect(fillTemplate('{{a}} and <b>{{b}}</b>!', { a: '1', b: '2' })).toEqual([
      { text: '1', bold: false },
      { text: ' and ', bold: false },
      { text: '2', bold: true },
      { text: '!', bold: false },
    ]);
  });
});

describe('weather notifications with a backup route', () => {
  it('the alert asks about the switch when it is offered; the switch is told in both languages', () => {
    const offered = make('ACTIVITY_WEATHER_ALERT', { actor: null, reason: '24H RAIN KEEP,MOVE,SWITCH_BACKUP,CANCEL' });
    expect(plain(offered, 'en')).toBe(
      'Weather alert for Monte Rosa: the forecast breaks your limits. Keep, move, switch to the backup route or cancel?',
    );
    expect(plain(make('ACTIVITY_WEATHER_ALERT', { actor: null, reason: '24H RAIN KEEP,MOVE,CANCEL' }), 'it')).toBe(
      'Allerta meteo per Monte Rosa: le previsioni superano i tuoi limiti. Confermi, sposti o annulli?',
    );
    const switched = make('ACTIVITY_WEATHER_DECISION', { reason: 'SWITCH_BACKUP' });
    expect(plain(switched, 'en')).toBe('Monte Rosa takes the backup route because of the weather: check the new route');
    expect(plain(switched, 'it')).toBe(
      'Monte Rosa passa al percorso di riserva per il meteo: guarda il nuovo percorso',
    );
  });
});
