import { LANGUAGES, NOTIFICATION_TYPES, type NotificationType } from '@cordata/contract/enums';
import { describe, expect, it } from 'vitest';
import { pushActions, pushText } from './push-messages.ts';

/** A reason per variant of each type's text (the types not listed have one text, whatever the reason). */
const variants: Partial<Record<NotificationType, string[]>> = {
  ACTIVITY_EDIT: ['TIME', 'END', 'PLACE', 'TIME_PLACE', 'END_PLACE', 'RULE', 'OTHER'],
  ACTIVITY_REJECT: ['The activity is full'],
  SEND_MESSAGE: ['DIRECT'],
  GEAR_UNCLAIMED: ['rope', 'rope,helmet,crampons'],
  ACTIVITY_REMINDER: ['09:00', 'TOMORROW 09:00'],
  ACTIVITY_LATE_LEAVE: ['+1', '+4', 'SOON', 'SOON +1', 'SOON +4'],
  ACTIVITY_CANCELLED: ['2026-12-08 18:30'],
  ACTIVITY_WEATHER_ALERT: ['24H GUSTS,RAIN,COLD,HEAT,THUNDERSTORM', '3H RAIN KEEP,MOVE,SWITCH_BACKUP,CANCEL'],
  ACTIVITY_WEATHER_DECISION: ['KEEP', 'CANCEL', 'SWITCH_BACKUP', 'MOVE 2026-12-05 10:00'],
  ACTIVITY_NOT_BACK: ['SELF'],
  ACTIVITY_JOINED: ['+1', '+4'],
  ACTIVITY_WAITLISTED: ['+1', '+4'],
  ACTIVITY_SEAT_TAKEN: ['+1', '+4'],
};
const v = { actor: 'Anna Rossi', target: 'Sunday ride' };

describe('the push texts', () => {
  it.each(LANGUAGES)('of every type and variant are filled in, in %s', (language) => {
    for (const type of NOTIFICATION_TYPES) {
      for (const reason of ['', ...(variants[type] ?? [])]) {
        const { title, body } = pushText(language, type, { ...v, reason });
        expect(title).toBe('Cordata');
        expect(body, `${type} ${reason}`).not.toMatch(/\{\{|\}\}|undefined|NaN/);
        expect(body, `${type} ${reason}`).toMatch(/Anna Rossi|Sunday ride/);
      }
    }
  });

  it('in German', () => {
    expect(pushText('de', 'ACTIVITY_JOINED', { ...v, reason: '+3' }).body).toBe(
      'Anna Rossi und 3 weitere machen bei Sunday ride mit',
    );
    expect(pushText('de', 'ACTIVITY_LATE_LEAVE', { ...v, reason: 'SOON +1' }).body).toBe(
      'Anna Rossi und eine weitere Person haben Sunday ride verlassen – Start in weniger als 24 h',
    );
    expect(pushText('de', 'ACTIVITY_CANCELLED', { target: 'Abendlauf', reason: '2026-12-08 18:30' }).body).toBe(
      'Abendlauf am Di., 8. Dez. um 18:30 wurde abgesagt',
    );
    expect(pushText('de', 'GEAR_UNCLAIMED', { target: 'Grigna', reason: 'rope' }).body).toBe(
      'Grigna beginnt in weniger als 24 h: 1 Teil der Pflichtausrüstung bringt noch niemand mit',
    );
    expect(pushText('de', 'NEW_CONTACT', {}).body).toBe('Jemand hat deine Kontaktanfrage angenommen');
    const path = '/view-activity/a';
    expect(
      pushActions('de', 'ACTIVITY_WEATHER_ALERT', '24H RAIN KEEP,MOVE,SWITCH_BACKUP,CANCEL', path).map((a) => a.title),
    ).toEqual(['Beibehalten', 'Absagen', 'Ausweichroute', 'Verschieben']);
  });

  it('in French', () => {
    expect(
      pushText('fr', 'ACTIVITY_WEATHER_ALERT', {
        target: 'Crête',
        reason: '3H GUSTS,THUNDERSTORM KEEP,MOVE,SWITCH_BACKUP,CANCEL',
      }).body,
    ).toBe(
      "Alerte météo pour Crête (départ dans 3 h) : rafales, orages au-delà de tes limites. Maintenir, déplacer, passer à l'itinéraire de repli ou annuler ?",
    );
    expect(pushText('fr', 'ACTIVITY_WAITLISTED', { ...v, reason: '+1' }).body).toBe(
      "Anna Rossi et une autre personne sont sur la liste d'attente de Sunday ride",
    );
    expect(pushText('fr', 'GEAR_UNCLAIMED', { target: 'Grigna', reason: 'rope,helmet' }).body).toBe(
      "Grigna commence dans moins de 24 h : personne n'apporte encore 2 éléments du matériel obligatoire",
    );
    expect(pushText('fr', 'ACTIVITY_CANCELLED', { target: 'Sortie', reason: '2026-12-08 18:30' }).body).toBe(
      "L'activité Sortie du mar. 8 déc. à 18:30 est annulée",
    );
  });

  it('in Spanish', () => {
    expect(
      pushText('es', 'ACTIVITY_WEATHER_DECISION', { target: 'Lake loop', reason: 'MOVE 2026-12-05 10:00' }).body,
    ).toBe('Lake loop cambia de fecha por el tiempo: ahora es el 05/12/2026 a las 10:00');
    expect(pushText('es', 'ACTIVITY_REMINDER', { target: 'Morning run', reason: 'TOMORROW 09:00' }).body).toBe(
      'Morning run empieza mañana a las 09:00',
    );
    expect(pushText('es', 'ACTIVITY_SEAT_TAKEN', { ...v, reason: '+2' }).body).toBe(
      'Anna Rossi y 2 personas más han ocupado plazas liberadas en Sunday ride',
    );
    expect(pushText('es', 'ACTIVITY_CANCELLED', { target: 'Morning run', reason: '2026-12-08 18:30' }).body).toBe(
      'Morning run del mar, 8 dic a las 18:30 se ha cancelado',
    );
    expect(pushActions('es', 'ACTIVITY_WEATHER_ALERT', '3H RAIN', '/view-activity/a').map((a) => a.title)).toEqual([
      'Mantener',
      'Cancelar',
      'Cambiar fecha',
    ]);
  });

  it('in English and Italian as before, and in English for a language Cordata does not speak', () => {
    expect(pushText('en', 'ACTIVITY_CANCELLED', { target: 'Evening run', reason: '2026-12-08 18:30' }).body).toBe(
      'Evening run on Tue 8 Dec at 18:30 is cancelled',
    );
    expect(pushText('it', 'ACTIVITY_CANCELLED', { target: 'Evening run', reason: '2026-12-08 18:30' }).body).toBe(
      'Evening run di mar 8 dic alle 18:30 è annullata',
    );
    expect(pushText('en', 'ACTIVITY_CANCELLED', { target: 'Evening run' }).body).toBe('Evening run is cancelled');
    expect(
      pushText('en', 'ACTIVITY_WEATHER_DECISION', { target: 'Lake loop', reason: 'MOVE 2026-12-05 10:00' }).body,
    ).toBe('Lake loop is moved because of the weather: now on 05/12/2026 at 10:00');
    expect(pushText('en', 'GEAR_UNCLAIMED', { target: 'Grigna', reason: 'rope,helmet' }).body).toBe(
      'Grigna starts within 24 h: nobody brings 2 required items yet',
    );
    expect(pushText('it', 'ACTIVITY_INVITE', {}).body).toBe("Qualcuno ti invita a un'attività");
    expect(pushText('pt', 'NEW_CONTACT', v)).toEqual({
      title: 'Cordata',
      body: 'Anna Rossi accepted your contact request',
    });
  });
});
