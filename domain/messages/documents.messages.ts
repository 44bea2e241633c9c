import { defineMessages } from './catalog';

// Documents (trainer portal 2 'Documents page', admin 2.18 'Document manager'): upload
// checks, the trainer's own documents, staff approval with expiry, categories, the expiry reminder.
export const documentsMessages = defineMessages({
  'documents.fileMissing': { en: 'Please choose a PDF file to upload.', de: 'Bitte wähle eine PDF-Datei zum Hochladen aus.' },
  'documents.fileTooLarge': {
    en: 'The file is larger than 3 MB. Please upload a smaller PDF; nothing was stored.',
    de: 'Die Datei ist größer als 3 MB. Bitte lade ein kleineres PDF hoch; es wurde nichts gespeichert.',
  },
  'documents.notPdf': {
    en: 'The file is not a PDF (its content was checked, not its name). Please upload a PDF.',
    de: 'Die Datei ist kein PDF (geprüft wurde der Inhalt, nicht der Name). Bitte lade ein PDF hoch.',
  },
  'documents.pdfUnreadable': {
    en: 'The PDF cannot be read (damaged or without pages). Please save it again and upload it.',
    de: 'Das PDF kann nicht gelesen werden (beschädigt oder ohne Seiten). Bitte speichere es neu und lade es hoch.',
  },
  'documents.pdfEncrypted': {
    en: 'The PDF is password-protected, so the studio cannot open it. Please upload it without a password.',
    de: 'Das PDF ist passwortgeschützt, daher kann das Studio es nicht öffnen. Bitte lade es ohne Passwort hoch.',
  },
  'documents.pdfTooMuchPackedData': {
    en: 'The PDF unpacks to far more data than a document needs, so it was not accepted. Please save or print it as a new PDF and upload that; nothing was stored.',
    de: 'Das PDF entpackt sich zu weit mehr Daten, als ein Dokument braucht, und wurde daher nicht angenommen. Bitte speichere oder drucke es als neues PDF und lade dieses hoch; es wurde nichts gespeichert.',
  },
  'documents.pdfActiveContent': {
    en: 'The PDF contains active content (JavaScript, a program to start or attached files), which is not accepted. Please print it as a new PDF or scan it and upload that; nothing was stored.',
    de: 'Das PDF enthält aktive Inhalte (JavaScript, ein zu startendes Programm oder angehängte Dateien), die nicht angenommen werden. Bitte drucke es als neues PDF oder scanne es und lade dieses hoch; es wurde nichts gespeichert.',
  },
  'documents.pdfCheckFailed': {
    en: 'The PDF could not be checked within the time and memory a check may use. Please save or print it as a new PDF and upload that; nothing was stored.',
    de: 'Das PDF konnte nicht in der Zeit und mit dem Speicher geprüft werden, die eine Prüfung nutzen darf. Bitte speichere oder drucke es als neues PDF und lade dieses hoch; es wurde nichts gespeichert.',
  },
  'documents.quotaFiles': {
    en: 'You have stored {count} documents, the most an account may keep. Please delete documents you no longer need before uploading another; nothing was stored.',
    de: 'Du hast {count} Dokumente gespeichert, mehr darf ein Konto nicht behalten. Bitte lösche nicht mehr benötigte Dokumente, bevor du ein weiteres hochlädst; es wurde nichts gespeichert.',
  },
  'documents.quotaBytes': {
    en: 'Your documents would take more than {megabytes} MB, the most an account may keep. Please delete documents you no longer need before uploading another; nothing was stored.',
    de: 'Deine Dokumente würden mehr als {megabytes} MB belegen, mehr darf ein Konto nicht behalten. Bitte lösche nicht mehr benötigte Dokumente, bevor du ein weiteres hochlädst; es wurde nichts gespeichert.',
  },
  'documents.tooManyUploads': {
    en: 'Too many uploads in a short time. Please wait a few minutes and try again; nothing was stored.',
    de: 'Zu viele Uploads in kurzer Zeit. Bitte warte ein paar Minuten und versuche es dann erneut; es wurde nichts gespeichert.',
  },
  'documents.storageFull': {
    en: 'The server has too little free storage to accept uploads right now. Please try again later; nothing was stored.',
    de: 'Auf dem Server ist gerade zu wenig Speicher frei, um Uploads anzunehmen. Bitte versuche es später erneut; es wurde nichts gespeichert.',
  },
  'documents.fileNamePath': {
    en: 'The file name must be a plain name without a folder ("/", "\\" or "..").',
    de: 'Der Dateiname muss ein einfacher Name ohne Ordner sein ("/", "\\" oder "..").',
  },
  'documents.fileNameEmpty': { en: 'The file needs a name.', de: 'Die Datei braucht einen Namen.' },
  'documents.tooManyFiles': { en: 'Please upload one file at a time.', de: 'Bitte lade jeweils eine Datei hoch.' },
  'documents.uploaded': { en: 'The document "{fileName}" was uploaded.', de: 'Das Dokument "{fileName}" wurde hochgeladen.' },
  'documents.deleted': { en: 'The document "{fileName}" was deleted.', de: 'Das Dokument "{fileName}" wurde gelöscht.' },
  'documents.notFound': { en: 'Document not found.', de: 'Dokument nicht gefunden.' },
  'documents.categoryNotFound': { en: 'Document category not found.', de: 'Dokumentkategorie nicht gefunden.' },
  'documents.notConnected': {
    en: 'You are not connected to this studio group.',
    de: 'Du bist mit dieser Studiogruppe nicht verbunden.',
  },
  'documents.approvedNotDeletable': {
    en: 'This document has been approved by the studio and cannot be deleted. Please upload a new version; the studio will then review it.',
    de: 'Dieses Dokument wurde vom Studio freigegeben und kann nicht gelöscht werden. Bitte lade eine neue Version hoch; das Studio prüft sie dann.',
  },
  'documents.notYourUser': { en: 'userUuid must be your own account.', de: 'userUuid muss dein eigenes Konto sein.' },
  'documents.wrongStudioGroup': {
    en: 'The document does not belong to this studio group.',
    de: 'Das Dokument gehört nicht zu dieser Studiogruppe.',
  },
  'documents.expiryInPast': { en: 'The expiration date cannot be earlier than today.', de: 'Das Ablaufdatum darf nicht vor heute liegen.' },
  'documents.expiryInvalid': {
    en: 'expirationDate must be no_expiration_date or a Unix timestamp.',
    de: 'expirationDate muss no_expiration_date oder ein Unix-Zeitstempel sein.',
  },
  'documents.notPending': {
    en: 'This document has already been decided ({status}); only a pending document can be approved or rejected.',
    de: 'Über dieses Dokument wurde bereits entschieden ({status}); nur ein offenes Dokument kann freigegeben oder abgelehnt werden.',
  },
  'documents.trainerMismatch': { en: 'The document does not belong to this trainer.', de: 'Das Dokument gehört nicht zu diesem Trainer.' },
  'documents.trainerNotFound': { en: 'Trainer not found.', de: 'Trainer nicht gefunden.' },
  'documents.approved': { en: 'Document approved.', de: 'Dokument freigegeben.' },
  'documents.rejected': { en: 'Document rejected.', de: 'Dokument abgelehnt.' },
  'documents.categoryNameTaken': {
    en: 'A category named "{name}" already exists.',
    de: 'Eine Kategorie mit dem Namen "{name}" gibt es bereits.',
  },
  'documents.categoryInUse': {
    en: 'The category holds {count:document:documents} and cannot be deleted.',
    de: 'Die Kategorie enthält {count} Dokument(e) und kann nicht gelöscht werden.',
  },
  'documents.categorySaved': { en: 'Category saved.', de: 'Kategorie gespeichert.' },
  'documents.categoryDeleted': { en: 'Category deleted.', de: 'Kategorie gelöscht.' },
  'documents.notification.approved': {
    en: 'Your document "{fileName}" ({category}) was approved.',
    de: 'Dein Dokument "{fileName}" ({category}) wurde freigegeben.',
  },
  'documents.notification.rejected': {
    en: 'Your document "{fileName}" ({category}) was rejected: {reason}',
    de: 'Dein Dokument "{fileName}" ({category}) wurde abgelehnt: {reason}',
  },
  'documents.notification.expiring': {
    en: 'Your document "{fileName}" ({category}) expires on {date}. Please upload a new version.',
    de: 'Dein Dokument "{fileName}" ({category}) läuft am {date} ab. Bitte lade eine neue Version hoch.',
  },
  'mail.documentExpiry.subject': {
    en: '{studioGroup}: your document "{category}" expires on {date}',
    de: '{studioGroup}: Dein Dokument "{category}" läuft am {date} ab',
  },
  'mail.documentExpiry.body': {
    en: 'Your document "{fileName}" ({category}) expires on {date}.\n\nPlease upload a new version in TrainerPay in time, so {studioGroup} can approve it before then.',
    de: 'Dein Dokument "{fileName}" ({category}) läuft am {date} ab.\n\nBitte lade rechtzeitig eine neue Version in TrainerPay hoch, damit {studioGroup} sie vorher freigeben kann.',
  },
  'mail.documentExpiry.action': { en: 'Open documents', de: 'Dokumente öffnen' },
});
