import { defineMessages } from './catalog';

export const importMessages = defineMessages({
  'import.unknownSourceSystem': { en: "Unknown source system '{sourceSystem}'.", de: "Unbekanntes Quellsystem '{sourceSystem}'." },
  'import.wrongSourceSystem': {
    en: "This studio group imports from '{configured}', not from '{requested}'.",
    de: "Diese Studiogruppe importiert aus '{configured}', nicht aus '{requested}'.",
  },
  'import.rangeTooLong': { en: 'an import covers at most {days} days', de: 'ein Import umfasst höchstens {days} Tage' },
  'import.dateEndBeforeStart': { en: 'must not be before dateStart', de: 'darf nicht vor dateStart liegen' },
  'import.notCalendarDate': { en: 'is not a calendar date', de: 'ist kein gültiges Kalenderdatum' },
  'import.stoppedWithError': { en: 'The import stopped with an error. Please try again.', de: 'Der Import wurde mit einem Fehler abgebrochen. Bitte versuche es erneut.' },
  'import.mayNotFollow': { en: 'You may not follow this.', de: 'Das darfst du nicht verfolgen.' },
  'import.csvNotUploaded': {
    en: 'No CSV file of classes has been uploaded for this studio group yet.',
    de: 'Für diese Studiogruppe wurde noch keine CSV-Datei mit Kursen hochgeladen.',
  },
  'import.csvHasErrors': {
    en: 'The file has {count} errors; nothing was imported.',
    de: 'Die Datei enthält {count} Fehler; es wurde nichts importiert.',
  },
  'import.csvStored': { en: 'The file is valid: {count} classes are ready to import.', de: 'Die Datei ist gültig: {count} Kurse sind bereit zum Import.' },
  'import.config': { en: 'Importing {studios:studio:studios}', de: 'Importiere {studios:Studio:Studios}' },
  'import.started': {
    en: 'Import of classes from {dateStart} to {dateEnd} ({sourceSystem}) started: {studios:studio:studios}, {trainers:trainer:trainers} synchronised.',
    de: 'Import der Kurse vom {dateStart} bis {dateEnd} ({sourceSystem}) gestartet: {studios:Studio:Studios}, {trainers:Trainer:Trainer} abgeglichen.',
  },
  'import.studioImported': { en: '{studio}: {classes:class:classes} imported.', de: '{studio}: {classes:Kurs:Kurse} importiert.' },
  'import.studioImportedWithNotes': { en: '{studio}: {classes:class:classes} imported ({notes}).', de: '{studio}: {classes:Kurs:Kurse} importiert ({notes}).' },
  'import.noteRemoved': { en: '{count} no longer listed removed', de: '{count} nicht mehr gelistete entfernt' },
  'import.noteKept': { en: '{count} no longer listed kept because a settlement uses them', de: '{count} nicht mehr gelistete behalten, weil eine Abrechnung sie verwendet' },
  'import.noteUnknownTrainers': {
    en: '{count} with trainers unknown to TrainerPay ({ids}) imported without trainer',
    de: '{count} mit in TrainerPay unbekannten Trainern ({ids}) ohne Trainer importiert',
  },
  'import.studioFinished': { en: '{studio} finished', de: '{studio} abgeschlossen' },
  'import.studioFailed': { en: '{studio}: {reason}', de: '{studio}: {reason}' },
  'import.failed': { en: 'Import failed: {reason}', de: 'Import fehlgeschlagen: {reason}' },
  'import.finishedWithErrors': {
    en: 'Import finished with errors: {classes:class:classes} imported, {failed} of {studios:studio:studios} failed.',
    de: 'Import mit Fehlern beendet: {classes:Kurs:Kurse} importiert, {failed} von {studios:Studio:Studios} fehlgeschlagen.',
  },
  'import.finished': {
    en: 'Import finished: {classes:class:classes} imported from {studios:studio:studios}.',
    de: 'Import beendet: {classes:Kurs:Kurse} aus {studios:Studio:Studios} importiert.',
  },
  'import.timedOut': { en: 'The import did not finish in time. Please try again.', de: 'Der Import wurde nicht rechtzeitig fertig. Bitte versuche es erneut.' },
  'import.cancelled': { en: 'The import was cancelled.', de: 'Der Import wurde abgebrochen.' },
  'import.csvNotText': { en: 'Send the CSV file as text/csv.', de: 'Sende die CSV-Datei als text/csv.' },
});
