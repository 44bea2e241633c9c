import { defineMessages } from './catalog';

// Downloads by signed link, the credit-note lists, self-billing consent and objections
// (admin 2.12 / 2.22, trainer portal 2; DESIGN "Security" and "Self-billing").
export const downloadsMessages = defineMessages({
  'downloads.signInOrLink': {
    en: 'This download needs a log-in or a download link from the app.',
    de: 'Dieser Download braucht eine Anmeldung oder einen Download-Link aus der App.',
  },
  'downloads.linkExpired': {
    en: 'The download link has expired. Please start the download again in the app.',
    de: 'Der Download-Link ist abgelaufen. Bitte starte den Download in der App erneut.',
  },
  'downloads.linkInvalid': { en: 'The download link is not valid.', de: 'Der Download-Link ist ungültig.' },
  'downloads.linkSessionEnded': {
    en: 'The download link ended with the log-in that made it. Please log in and start the download again.',
    de: 'Der Download-Link ist mit der Anmeldung abgelaufen, die ihn erstellt hat. Bitte melde dich an und starte den Download erneut.',
  },
  'downloads.fileNameNotAllowed': {
    en: 'The file name is not allowed: it must be a plain file name without "..", "/" or "\\".',
    de: 'Der Dateiname ist nicht erlaubt: Er muss ein einfacher Dateiname ohne "..", "/" oder "\\" sein.',
  },
  'downloads.fileNameMismatch': {
    en: 'The file name does not match the stored credit note.',
    de: 'Der Dateiname passt nicht zur gespeicherten Gutschrift.',
  },
  'downloads.pathNotDownload': { en: 'This path is not a download of this server.', de: 'Dieser Pfad ist kein Download dieses Servers.' },
  'downloads.creditNoteNotFound': { en: 'Credit note not found.', de: 'Gutschrift nicht gefunden.' },
  'downloads.runNotFound': { en: 'Settlement run not found.', de: 'Abrechnungslauf nicht gefunden.' },
  'downloads.fileNotFound': { en: 'The file does not exist (yet).', de: 'Die Datei existiert (noch) nicht.' },
  'downloads.yearMonth': { en: 'must be a month as YYYY-MM', de: 'muss ein Monat im Format JJJJ-MM sein' },
  'creditNoteList.consentRecorded': {
    en: 'Your consent to self-billing has been recorded.',
    de: 'Deine Zustimmung zum Gutschriftsverfahren wurde gespeichert.',
  },
  'creditNoteList.objectionRecorded': {
    en: 'Your objection to credit note {number} has been sent to the studio group.',
    de: 'Dein Widerspruch gegen Gutschrift {number} wurde an die Studiogruppe gesendet.',
  },
  'creditNoteList.alreadyObjected': {
    en: 'You have already objected to credit note {number}.',
    de: 'Du hast der Gutschrift {number} bereits widersprochen.',
  },
  'creditNoteList.alreadyCancelled': { en: 'Credit note {number} is already cancelled.', de: 'Gutschrift {number} ist bereits storniert.' },
  'creditNoteList.reasonTooLong': { en: 'must be at most 2000 characters', de: 'darf höchstens 2000 Zeichen lang sein' },
  'creditNoteList.objectionLog': {
    en: 'The trainer objected to credit note {number}: {reason}',
    de: 'Der Trainer hat der Gutschrift {number} widersprochen: {reason}',
  },
});
