import type { LegalTexts } from './types.ts';

export const legalIt: LegalTexts = {
  privacy: {
    title: 'Informativa sulla privacy',
    updated: '2026-11-21',
    intro:
      "Cordata è un'app social che aiuta le persone a trovare compagni per gli sport all'aperto, organizzare attività, entrare in gruppi e chattare. Questa informativa spiega quali dati personali trattiamo quando usi l'app e il sito di Cordata, perché lo facciamo, per quanto tempo li conserviamo e quali diritti hai secondo il Regolamento generale sulla protezione dei dati (GDPR).",
    sections: [
      {
        heading: '1. Chi è il titolare',
        paragraphs: [
          'Il titolare del trattamento dei tuoi dati personali è il gestore di Cordata. Per qualsiasi questione sulla privacy puoi scriverci a {email}.',
        ],
      },
      {
        heading: '2. Quali dati raccogliamo',
        paragraphs: [
          'Dati dell’account: il tuo indirizzo e-mail e una password, che conserviamo solo come hash sicuro. Inviamo codici monouso al tuo indirizzo e-mail per confermarlo e per reimpostare la password.',
          'Dati del profilo: nome e cognome, username, data di nascita, genere, paese, città di residenza, un numero di telefono facoltativo, una foto profilo facoltativa, i tuoi sport con l’intensità con cui ti alleni e le tue preferenze di notifica.',
          'Posizione: quando cerchi attività, gruppi o persone vicine, o crei un’attività con un percorso, usiamo la posizione che ci indichi oppure, con il tuo permesso, quella del dispositivo. La usiamo solo per rispondere a quella ricerca e non conserviamo la cronologia dei tuoi spostamenti.',
          'Attività e gruppi: ciò che crei o a cui partecipi, compresi nome, sport, data e orario, descrizione, percorso, traccia GPX, difficoltà, partecipanti, inviti, richieste di accesso e motivi indicati in caso di rifiuto.',
          'Chat: i messaggi che invii nelle chat di attività e gruppi e quando li hai letti l’ultima volta.',
          'Contatti: le persone con cui ti colleghi e le richieste che invii o ricevi.',
          'Dati tecnici: un token per le notifiche push del dispositivo, l’ora dell’ultimo accesso, la versione dell’app e i log di sicurezza (come i tentativi di accesso) che proteggono il servizio.',
          'Statistiche di utilizzo: solo se le attivi nelle impostazioni, statistiche anonime sull’uso dell’app tramite un tag manager. Restano disattivate finché non dai il consenso.',
        ],
      },
      {
        heading: '3. Perché usiamo i tuoi dati e su quale base giuridica',
        paragraphs: [
          'Per fornirti il servizio che hai richiesto: account, profilo, attività, gruppi, contatti, chat e notifiche (esecuzione del contratto, art. 6(1)(b) GDPR).',
          'Per mantenere Cordata sicura: prevenire abusi, gestire le segnalazioni e proteggere gli account (legittimo interesse, art. 6(1)(f) GDPR).',
          'Per usare la tua posizione nelle ricerche vicine e nei percorsi (tuo consenso, art. 6(1)(a) GDPR, che puoi revocare in qualsiasi momento dalle impostazioni del dispositivo).',
          'Per misurare e migliorare l’app con statistiche anonime (tuo consenso, revocabile nelle impostazioni).',
          'Per adempiere obblighi di legge, come rispondere alle richieste delle autorità (art. 6(1)(c) GDPR).',
        ],
      },
      {
        heading: '4. Chi vede cosa',
        paragraphs: [
          'Gli altri utenti vedono il tuo profilo pubblico: nome, username, foto profilo, città, paese, età, genere e sport. Non vedono mai il tuo indirizzo e-mail, il numero di telefono o la data di nascita.',
          'I partecipanti a un’attività o i membri di un gruppo vedono chi altro partecipa e i messaggi della relativa chat. Le attività che pubblichi sono visibili secondo la visibilità che scegli.',
          'Ci avvaliamo di fornitori per hosting, invio di e-mail, notifiche push e servizi di mappe. Trattano i dati solo secondo le nostre istruzioni e in base ad accordi sul trattamento dei dati. Non vendiamo i tuoi dati personali.',
        ],
      },
      {
        heading: '5. Per quanto tempo li conserviamo',
        paragraphs: [
          'Conserviamo account e profilo finché l’account esiste. Quando elimini l’account cancelliamo profilo, contatti, notifiche e token push entro 30 giorni; i messaggi inviati nelle chat di gruppo vengono resi anonimi.',
          'Le attività che hai creato vengono eliminate con il tuo account, salvo che altri partecipanti ne abbiano ancora bisogno: in quel caso vengono rese anonime.',
          'I codici monouso scadono dopo 10 minuti. I log di sicurezza sono conservati fino a 12 mesi. I backup vengono sovrascritti entro 35 giorni.',
        ],
      },
      {
        heading: '6. I tuoi diritti',
        paragraphs: [
          'Secondo il GDPR hai diritto di accedere ai tuoi dati, di farli rettificare, di farli cancellare, di limitarne il trattamento o di opporti, e di riceverli in un formato portabile. Quando il trattamento si basa sul consenso, puoi revocarlo in qualsiasi momento senza pregiudicare quanto fatto prima.',
          'Per esercitare questi diritti scrivi a {email}. Rispondiamo entro un mese. Hai anche il diritto di proporre reclamo a un’autorità di controllo, in Italia il Garante per la protezione dei dati personali.',
        ],
      },
      {
        heading: '7. Età minima',
        paragraphs: [
          'Cordata è destinata a persone che hanno almeno 16 anni. Non raccogliamo consapevolmente dati di persone più giovani; se scopriamo che un account appartiene a una persona con meno di 16 anni, lo eliminiamo.',
        ],
      },
      {
        heading: '8. Sicurezza e trasferimenti',
        paragraphs: [
          'I dati viaggiano cifrati (HTTPS) e le password sono conservate come hash. L’accesso ai dati personali è limitato alle persone che ne hanno bisogno per gestire il servizio.',
          'Conserviamo i dati nell’Unione europea. Se un fornitore tratta dati fuori dall’UE, ci basiamo su una decisione di adeguatezza o sulle clausole contrattuali tipo della Commissione europea.',
        ],
      },
      {
        heading: '9. Modifiche a questa informativa',
        paragraphs: [
          'Se modifichiamo questa informativa in modo rilevante, te lo comunichiamo nell’app prima che la modifica abbia effetto. La data in alto indica la versione più recente.',
        ],
      },
      {
        heading: '10. Contatti',
        paragraphs: ['Per qualsiasi domanda su questa informativa o sui tuoi dati scrivi a {email}.'],
      },
    ],
  },
  terms: {
    title: 'Termini di servizio',
    updated: '2026-11-21',
    intro:
      'Questi termini regolano l’uso di Cordata, l’app e il sito che aiutano gli appassionati di sport all’aperto a trovare compagni, organizzare attività, creare gruppi e chattare. Creando un account accetti questi termini e la nostra informativa sulla privacy.',
    sections: [
      {
        heading: '1. Chi può usare Cordata',
        paragraphs: [
          'Per creare un account devi avere almeno 16 anni. Devi fornire informazioni veritiere su di te e mantenere aggiornato il tuo indirizzo e-mail.',
          'Il tuo account è personale. Mantieni segreta la password e avvisaci a {email} se pensi che qualcun altro usi il tuo account.',
        ],
      },
      {
        heading: '2. Cosa offre Cordata',
        paragraphs: [
          'Cordata ti permette di creare un profilo con i tuoi sport, trovare persone e gruppi, creare e partecipare ad attività con un percorso e una difficoltà, invitare contatti, chattare e ricevere notifiche.',
          'Cordata è un luogo d’incontro. Non organizziamo, guidiamo né sorvegliamo le attività pubblicate dagli utenti e non verifichiamo percorsi, attrezzatura, meteo o capacità dei partecipanti.',
        ],
      },
      {
        heading: '3. Le attività all’aperto sono a tuo rischio',
        paragraphs: [
          'Gli sport all’aperto comportano rischi, compresi infortuni e, nei casi estremi, la morte. Partecipi a ogni attività a tuo rischio e sotto la tua responsabilità.',
          'Prima di partecipare valuta onestamente se percorso, distanza, dislivello e difficoltà sono adatti alla tua preparazione e alla tua esperienza. Controlla il meteo e le condizioni del percorso, porta un’attrezzatura adeguata, avvisa qualcuno di dove vai e torna indietro quando non è sicuro proseguire.',
          'Percorsi, distanze, dislivelli e difficoltà indicati in Cordata sono stime fornite dagli utenti o calcolate dai loro dati: possono essere errati o non aggiornati. Rispetta le regole locali, la segnaletica e le indicazioni delle autorità e dei servizi di soccorso.',
        ],
      },
      {
        heading: '4. Organizzare un’attività',
        paragraphs: [
          'Se crei un’attività, descrivila in modo onesto: percorso, difficoltà, tempo richiesto, punto di ritrovo e tutto ciò che i partecipanti devono sapere o portare. Non presentarti come guida o istruttore professionista se non lo sei e non hai le abilitazioni richieste nel luogo dell’attività.',
          'Come amministratore di un’attività o di un gruppo decidi sulle richieste di accesso; quando ne rifiuti una, indica un motivo rispettoso.',
        ],
      },
      {
        heading: '5. Come comportarsi',
        paragraphs: [
          'Tratta gli altri utenti con rispetto, nell’app e sul sentiero. Non sono ammessi molestie, minacce, incitamento all’odio, discriminazioni, contenuti sessuali, spam, truffe e pubblicità senza il nostro consenso.',
          'Non pubblicare dati personali di altre persone, non spacciarti per qualcun altro e condividi solo contenuti che hai il diritto di condividere.',
          'Rispetta la natura e i luoghi che visiti: resta sui sentieri segnati dove richiesto, non lasciare tracce e rispetta le aree protette e la proprietà privata.',
          'Ogni utente può segnalare una persona, un’attività, un gruppo o un messaggio. Esaminiamo le segnalazioni e possiamo rimuovere i contenuti.',
        ],
      },
      {
        heading: '6. I tuoi contenuti',
        paragraphs: [
          'Mantieni i diritti su ciò che pubblichi. Ci autorizzi a conservarlo, mostrarlo e trasmetterlo agli utenti con cui lo condividi, solo per far funzionare Cordata. L’autorizzazione termina quando elimini il contenuto o l’account, salvo le copie già ricevute da altri utenti nelle chat.',
        ],
      },
      {
        heading: '7. Sospensione e chiusura',
        paragraphs: [
          'Possiamo sospendere o chiudere un account che viola questi termini o mette in pericolo altre persone. Puoi eliminare il tuo account in qualsiasi momento dalle impostazioni dell’app.',
        ],
      },
      {
        heading: '8. Responsabilità',
        paragraphs: [
          'Forniamo Cordata così com’è e lavoriamo per mantenerla disponibile e sicura, ma non possiamo garantire che sia sempre disponibile o priva di errori.',
          'Nei limiti consentiti dalla legge, non rispondiamo di quanto accade durante le attività organizzate tramite Cordata né del comportamento degli altri utenti. Nulla in questi termini limita la responsabilità che la legge non consente di limitare, come per dolo o colpa grave, né i tuoi diritti di consumatore.',
        ],
      },
      {
        heading: '9. Modifiche',
        paragraphs: [
          'Possiamo aggiornare questi termini. Se una modifica è rilevante te lo comunichiamo in anticipo nell’app; se non sei d’accordo, puoi eliminare il tuo account.',
        ],
      },
      {
        heading: '10. Legge applicabile e contatti',
        paragraphs: [
          'Questi termini sono regolati dalla legge italiana, ferme restando le tutele inderogabili del paese in cui vivi come consumatore. Per qualsiasi domanda scrivi a {email}.',
        ],
      },
    ],
  },
};
