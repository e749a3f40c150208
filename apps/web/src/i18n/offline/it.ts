import type { offline as en } from './en.ts';

/** Il pacchetto uscita (issue 38, docs/offline.md "On the device"). */
export const offline: typeof en = {
  save: 'Salva per l’uso offline',
  saveHint: 'Mappa, percorso, punto d’incontro, pass e chat, per quando non c’è campo.',
  confirmTitle: 'Salvare per l’uso offline?',
  confirmSize: 'Il pacchetto uscita di questa attività occupa {{size}} su questo dispositivo.',
  confirmLabel: 'Salva',
  sizing: 'Calcolo della dimensione…',
  saving: 'Salvataggio per l’uso offline…',
  savingProgress: 'Salvataggio per l’uso offline… {{done}} di {{total}}',
  saved: 'Salvata per l’uso offline',
  savedAt: 'Salvata per l’uso offline · {{when}}',
  failed: 'Non è stato possibile salvare la copia offline. Controlla la connessione e riprova.',
  retry: 'Riprova',
  remove: 'Elimina la copia offline',
  removed: 'La copia offline è stata eliminata.',
  notice: 'Offline · salvata {{when}}',
  noticeHint: 'Vedi l’attività com’era quando l’hai salvata. La chat è in sola lettura finché non torni online.',
  chatReadOnly: 'Salvata per l’uso offline: la chat è in sola lettura finché non torni online.',
  autoSave: 'Salva i pacchetti uscita il giorno prima, con il Wi-Fi',
  autoSaveHint:
    'Per le attività a cui partecipi, quando l’app è aperta. I pacchetti oltre 50 MB aspettano che li salvi tu.',
};
