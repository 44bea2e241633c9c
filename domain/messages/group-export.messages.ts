import { defineMessages } from './catalog';

// "Export all data": the server's texts about a studio group's export (docs/decisions/0140).
export const groupExportMessages = defineMessages({
  'groupExport.notFound': { de: 'Diesen Export gibt es in dieser Studiogruppe nicht.', en: 'This export does not exist in this studio group.' },
  'groupExport.notReady': { de: 'Der Export ist noch nicht fertig.', en: 'The export is not finished yet.' },
  'groupExport.expired': { de: 'Der Export ist abgelaufen und wurde gelöscht. Bitte starte einen neuen.', en: 'The export has expired and was deleted. Please start a new one.' },
  'groupExport.failed': { de: 'Der Export ist fehlgeschlagen: {reason}', en: 'The export failed: {reason}' },
  'groupExport.timedOut': { de: 'Der Export hat zu lange gedauert.', en: 'The export took too long.' },
  'groupExport.couldNotStart': { de: 'Der Export konnte nicht gestartet werden. Bitte versuche es gleich noch einmal.', en: 'The export could not be started. Please try again in a moment.' },
});
