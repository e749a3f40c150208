import type { recap as en } from './en.ts';

/** Il riepilogo di un’attività finita (docs/recap.md). */
export const recap: typeof en = {
  title: 'Riepilogo',
  came: 'Chi c’era ({{count}})',
  organiser: 'Organizzatore',
  attendance: { ATTENDED: 'Presente', NO_SHOW: 'Assente', EXCUSED: 'Giustificato' },
  route: 'Il percorso',
  time: 'Durata',
  album: {
    title: 'Foto ({{count}})',
    openUntil: 'Aggiungi le tue foto fino a {{date}}.',
    closed: 'L’album non accetta più foto.',
    private: 'Le vede solo chi ha partecipato.',
    add: 'Aggiungi una foto',
    uploading: 'Caricamento della foto',
    added: 'La tua foto è nell’album.',
    empty: 'Ancora nessuna foto.',
    photoBy: 'Foto di {{name}}, {{time}}',
    delete: 'Elimina la foto',
    deleteLabel: 'Elimina la foto di {{name}}, {{time}}',
    deleteConfirm: 'Eliminare questa foto dall’album? Non si può annullare.',
    deleted: 'La foto è stata eliminata.',
  },
};
