import { defineMessages } from './catalog';

// The data import queue of the preview check (spec admin 2.17, 4 "Import queue status", 8).
export const importQueueMessages = defineMessages({
  'importQueue.status.pending': { en: 'Your import was added to the queue...', de: 'Dein Import wurde in die Warteschlange gestellt...' },
  'importQueue.status.waiting': { en: 'Your import was added to the queue...', de: 'Dein Import wurde in die Warteschlange gestellt...' },
  'importQueue.status.processing': { en: 'Import is being processed...', de: 'Der Import wird verarbeitet...' },
  'importQueue.status.completed': { en: 'Import finished successfully.', de: 'Import erfolgreich abgeschlossen.' },
  'importQueue.status.cancelled': { en: 'The import was cancelled.', de: 'Der Import wurde abgebrochen.' },
  'importQueue.status.error': { en: 'An error happened during importing.', de: 'Beim Import ist ein Fehler aufgetreten.' },
  'importQueue.notFound': { en: 'This queue item does not exist.', de: 'Diesen Eintrag gibt es in der Warteschlange nicht.' },
  'importQueue.alreadyQueued': { en: 'This import is already in the queue.', de: 'Dieser Import steht bereits in der Warteschlange.' },
  'importQueue.studioRequired': {
    en: 'Choose the location whose data should be updated.',
    de: 'Wähle den Standort, dessen Daten aktualisiert werden sollen.',
  },
  'importQueue.cancelProcessing': {
    en: 'The import is already being processed and can no longer be cancelled.',
    de: 'Der Import wird bereits verarbeitet und kann nicht mehr abgebrochen werden.',
  },
  'importQueue.cancelFinished': {
    en: 'The import has already finished and can no longer be cancelled.',
    de: 'Der Import ist bereits beendet und kann nicht mehr abgebrochen werden.',
  },
  'importQueue.cancelNotYetQueued': {
    en: 'The import is just being added to the queue; please try again in a moment.',
    de: 'Der Import wird gerade in die Warteschlange gestellt; bitte versuche es gleich noch einmal.',
  },
  'importQueue.settlementNotFound': { en: 'Settlement {settlementUuid} not found.', de: 'Abrechnung {settlementUuid} nicht gefunden.' },
  'importQueue.studioNotFound': { en: 'Location {studioUuid} not found.', de: 'Standort {studioUuid} nicht gefunden.' },
  'importQueue.settlementClosed': {
    en: 'This settlement is no longer in progress; its billing cannot be recalculated.',
    de: 'Diese Abrechnung ist nicht mehr in Bearbeitung; sie kann nicht neu berechnet werden.',
  },
  'importQueue.groupMismatch': {
    en: 'must be the studio group of the path',
    de: 'muss die Studiogruppe des Pfads sein',
  },
});
