import type { location as en } from './en.ts';

export const location: typeof en = {
  search: {
    label: 'Luogo',
    placeholder: 'Cerca un paese o una città',
    searching: 'Ricerca in corso…',
    noResults: 'Nessun luogo trovato per “{{query}}”',
    typeMore: 'Scrivi almeno 2 lettere',
    failed: 'La ricerca non è riuscita. Riprova.',
    clear: 'Cancella',
  },
  useMyPosition: 'Usa la mia posizione',
  locating: 'Ricerca della tua posizione…',
  myPosition: 'La mia posizione',
  near: 'Vicino a {{place}}',
  positionUnavailable: 'Non è stato possibile trovare la tua posizione. Cerca invece un luogo.',
  route: {
    label: 'Aggiungi un luogo al percorso',
    searchStart: 'Cerca la partenza',
    searchNext: "Cerca il prossimo punto o l'arrivo",
  },
  filters: {
    where: 'Dove',
    radius: 'Entro',
    radiusKm: '{{km}} km',
    sports: 'Sport',
    allSports: 'Tutti gli sport',
    apply: 'Mostra risultati',
    reset: 'Azzera i filtri',
  },
};
