import { defineMessages } from './catalog';

// A new studio group's first month: the trainer CSV upload and the bulk portal invitation.
export const firstMonthMessages = defineMessages({
  'firstMonth.csv.fileMissing': { en: 'Choose a CSV file of trainers (form field "file").', de: 'Wähle eine CSV-Datei mit Trainern (Formularfeld „file“).' },
  'firstMonth.csv.tooLarge': { en: 'The file is larger than {megabytes} MB.', de: 'Die Datei ist größer als {megabytes} MB.' },
  'firstMonth.csv.tooManyRows': { en: 'The file has more than {rows} trainers.', de: 'Die Datei enthält mehr als {rows} Trainer.' },
  'firstMonth.csv.notUtf8': { en: 'The file is not UTF-8 text.', de: 'Die Datei ist kein UTF-8-Text.' },
  'firstMonth.csv.hasErrors': {
    en: 'The file has {count:error:errors}; no trainer was saved.',
    de: 'Die Datei enthält {count:Fehler:Fehler}; es wurde kein Trainer gespeichert.',
  },
  'firstMonth.csv.saved': {
    en: '{created:trainer:trainers} added, {updated} updated.',
    de: '{created:Trainer:Trainer} angelegt, {updated} aktualisiert.',
  },
  'firstMonth.csv.rowError': { en: 'Line {line}, column {column}: {reason}', de: 'Zeile {line}, Spalte {column}: {reason}' },
  'firstMonth.csv.lineError': { en: 'Line {line}: {reason}', de: 'Zeile {line}: {reason}' },
  'firstMonth.csv.empty': { en: 'the file is empty; a header row is required', de: 'die Datei ist leer; eine Kopfzeile ist nötig' },
  'firstMonth.csv.notCsv': { en: 'the file is not valid CSV ({detail})', de: 'die Datei ist kein gültiges CSV ({detail})' },
  'firstMonth.csv.missingColumns': { en: 'missing columns: {columns}', de: 'fehlende Spalten: {columns}' },
  'firstMonth.csv.noRows': { en: 'the file has no trainer rows', de: 'die Datei enthält keine Trainerzeilen' },
  'firstMonth.csv.tooManyFields': { en: 'has {fields} fields, the header has {header}', de: 'hat {fields} Felder, die Kopfzeile {header}' },
  'firstMonth.csv.duplicateSourceId': { en: 'source_id {sourceId} is already on line {first}', de: 'source_id {sourceId} steht schon in Zeile {first}' },
  'firstMonth.csv.yesNo': { en: 'must be yes or no', de: 'muss ja oder nein sein' },
  'firstMonth.invitations.done': {
    en: '{sent:invitation:invitations} sent, {skipped} skipped.',
    de: '{sent:Einladung:Einladungen} gesendet, {skipped} übersprungen.',
  },
  'firstMonth.invitations.noEmail': { en: 'No e-mail address.', de: 'Keine E-Mail-Adresse.' },
  'firstMonth.invitations.notFound': { en: 'Not a trainer of this studio group.', de: 'Kein Trainer dieser Studiogruppe.' },
});
