import type { privacy as en } from './en.ts';

/** Impostazioni › Zone di privacy (issue 23, docs/privacy.md). */
export const privacy: typeof en = {
  title: 'Zone di privacy',
  intro:
    'Intorno a casa o al lavoro: percorsi, file GPX e posizioni in diretta dentro una zona sono nascosti a tutti gli altri. Tu li vedi comunque.',
  offset:
    'Il cerchio è disegnato con uno scarto casuale attorno al tuo punto, così nessuno può risalire al punto dal suo centro. Disegna un nuovo cerchio se pensi che qualcuno l’abbia capito.',
  empty: 'Nessuna zona di privacy per ora.',
  zone: 'Zona {{number}}',
  radius: 'Raggio',
  metres: '{{metres}} m',
  labelField: 'Nome (facoltativo)',
  labelPlaceholder: 'Casa, lavoro…',
  pick: 'Cerca un luogo o tocca la mappa per mettere il punto della zona.',
  place: 'Luogo',
  placeholder: 'Cerca un indirizzo o un luogo',
  picked: 'Punto scelto',
  add: 'Aggiungi la zona',
  added: 'Zona aggiunta: da ora ciò che c’è dentro è nascosto, anche sui percorsi creati prima.',
  full: 'Hai {{max}} zone, il massimo: eliminane una per aggiungerne un’altra.',
  regenerate: 'Disegna un nuovo cerchio',
  regenerated: 'Nuovo cerchio disegnato attorno allo stesso punto.',
  delete: 'Elimina',
  deleteTitle: 'Elimina la zona di privacy',
  deleteConfirm: 'Ciò che c’è dentro tornerà visibile a chi vede i tuoi percorsi.',
  deleted: 'Zona eliminata.',
  map: 'Le tue zone di privacy',
};
