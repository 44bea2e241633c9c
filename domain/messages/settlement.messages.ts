import { defineMessages } from './catalog';

// The settlement wizard v2: refusals of the calls (spec 8), success answers, the settlement log
// rows the preparation writes, and the preview table.
export const settlementMessages = defineMessages({
  // --- refusals -------------------------------------------------------------------------------
  'settlement.notFound': { en: 'Settlement not found.', de: 'Abrechnung nicht gefunden.' },
  'settlement.trainerNotFound': { en: 'Trainer {trainer} not found in this studio group.', de: 'Trainer {trainer} wurde in dieser Studiogruppe nicht gefunden.' },
  'settlement.monthNotBefore': { en: 'You have to select a date before {month}', de: 'Du musst ein Datum vor {month} auswählen' },
  'settlement.monthInvalid': { en: 'must be a month as YYYY-MM-DD', de: 'muss ein Monat im Format JJJJ-MM-TT sein' },
  'settlement.monthMismatch': {
    en: 'This settlement is for {month}, not for {requested}.',
    de: 'Diese Abrechnung gilt für {month}, nicht für {requested}.',
  },
  'settlement.alreadyInProgress': {
    en: 'A settlement for {month} is already in progress. Please continue that one.',
    de: 'Für {month} läuft bereits eine Abrechnung. Bitte setze diese fort.',
  },
  'settlement.notInProgress': {
    en: 'This settlement is {status} and can no longer be changed.',
    de: 'Diese Abrechnung ist {status} und kann nicht mehr geändert werden.',
  },
  'settlement.status.in_progress': { en: 'in progress', de: 'in Bearbeitung' },
  'settlement.status.completed': { en: 'completed', de: 'abgeschlossen' },
  'settlement.status.archived': { en: 'archived', de: 'archiviert' },
  'settlement.status.deleted': { en: 'deleted', de: 'gelöscht' },
  'settlement.emptySelection': { en: 'Please select at least one trainer.', de: 'Bitte wähle mindestens einen Trainer aus.' },
  'settlement.trainerBilled': {
    en: 'The credit note for {trainer} has already been issued; the trainer cannot be selected again.',
    de: 'Die Gutschrift für {trainer} wurde bereits erstellt; der Trainer kann nicht erneut ausgewählt werden.',
  },
  'settlement.trainerDataIncomplete': {
    en: 'Trainer {trainer} cannot be billed. Please check this data: {items}',
    de: 'Trainer {trainer} kann nicht abgerechnet werden. Bitte prüfe diese Daten: {items}',
  },
  'settlement.trainerHasNoClasses': {
    en: 'Trainer {trainer} has no classes in {month}.',
    de: 'Trainer {trainer} hat im {month} keine Kurse.',
  },
  'settlement.trainerNotSelected': {
    en: 'Trainer {trainer} is not selected in this settlement.',
    de: 'Trainer {trainer} ist in dieser Abrechnung nicht ausgewählt.',
  },
  'settlement.stepNotReachable': {
    en: 'Step {step} cannot be opened yet.',
    de: 'Schritt {step} kann noch nicht geöffnet werden.',
  },
  'settlement.prepareFirst': { en: 'Please prepare the data first.', de: 'Bitte bereite zuerst die Daten vor.' },
  'settlement.preparationRunning': {
    en: 'The data is being prepared. Please wait until it is done.',
    de: 'Die Daten werden gerade vorbereitet. Bitte warte, bis das abgeschlossen ist.',
  },
  'settlement.preparationFailed': { en: 'Error creating data: {reason}', de: 'Fehler beim Erstellen der Daten: {reason}' },
  'settlement.deleteRefused': {
    en: 'The settlement cannot be deleted: credit notes have already been sent.',
    de: 'Die Abrechnung kann nicht gelöscht werden: Es wurden bereits Gutschriften versendet.',
  },
  'settlement.adminPositionNotFound': { en: 'Administration position not found.', de: 'Verwaltungsposition nicht gefunden.' },
  'settlement.amountCents': { en: 'must be a whole number of cents', de: 'muss eine ganze Zahl in Cent sein' },
  'settlement.amountNotZero': { en: 'must not be zero', de: 'darf nicht null sein' },
  'settlement.processUnavailable': {
    en: 'The settlement process cannot be reached right now. Please try again in a moment.',
    de: 'Der Abrechnungsvorgang ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
  },
  'settlement.notCreatedYet': {
    en: 'This settlement does not exist yet: choose a month (month=YYYY-MM-DD).',
    de: 'Diese Abrechnung gibt es noch nicht: Wähle einen Monat (month=JJJJ-MM-TT).',
  },
  'settlement.noSettlementForMonth': { en: 'There is no settlement for {month}.', de: 'Für {month} gibt es keine Abrechnung.' },

  'settlement.item.street': { en: 'Street', de: 'Straße' },
  'settlement.item.houseNumber': { en: 'House no.', de: 'Hausnr.' },
  'settlement.item.postalCode': { en: 'Postal code', de: 'PLZ' },
  'settlement.item.city': { en: 'City', de: 'Ort' },
  'settlement.item.iban': { en: 'IBAN', de: 'IBAN' },
  'settlement.item.taxNumber': { en: 'Tax no.', de: 'Steuernr.' },
  'settlement.preparationTimedOut': { en: 'the preparation took too long', de: 'die Vorbereitung hat zu lange gedauert' },

  // --- success answers ------------------------------------------------------------------------
  'settlement.selectionSaved': {
    en: '{count:trainer:trainers} selected.',
    de: '{count:Trainer:Trainer} ausgewählt.',
  },
  'settlement.phaseDone.invoice-data': {
    en: 'Invoice data of {count:trainer:trainers} created.',
    de: 'Rechnungsdaten für {count:Trainer:Trainer} erstellt.',
  },
  'settlement.phaseDone.class': {
    en: 'Classes of {count:trainer:trainers} calculated.',
    de: 'Kurse für {count:Trainer:Trainer} berechnet.',
  },
  'settlement.phaseDone.trainer': {
    en: 'Data of {count:trainer:trainers} prepared.',
    de: 'Daten für {count:Trainer:Trainer} vorbereitet.',
  },
  'settlement.created': { en: 'Settlement created.', de: 'Abrechnung erstellt.' },
  'settlement.stepChanged': { en: 'Step {step} opened.', de: 'Schritt {step} geöffnet.' },
  'settlement.finished': { en: 'Settlement finished.', de: 'Abrechnung abgeschlossen.' },
  'settlement.archived': { en: 'Settlement archived.', de: 'Abrechnung archiviert.' },
  'settlement.deleted': { en: 'Settlement deleted.', de: 'Abrechnung gelöscht.' },
  'settlement.sumCalculated': { en: 'Sums calculated: {gross} gross.', de: 'Summen berechnet: {gross} brutto.' },
  'settlement.adminPositionRemoved': { en: 'Administration position removed.', de: 'Verwaltungsposition entfernt.' },

  // --- settlement log rows (spec 2.12: timestamp, proc, trainer_uuid, status, message) ---------
  'settlement.log.preparationStarted': {
    en: 'Preparation of {count:trainer:trainers} for {month} started by {user}.',
    de: 'Vorbereitung von {count:Trainer:Trainer} für {month} gestartet von {user}.',
  },
  'settlement.log.rulesFrozen': {
    en: '{count:payment type rule:payment type rules} frozen for this settlement.',
    de: '{count:Abrechnungsregel:Abrechnungsregeln} für diese Abrechnung festgeschrieben.',
  },
  'settlement.log.invoiceData': { en: '{trainer}: invoice data frozen.', de: '{trainer}: Rechnungsdaten festgeschrieben.' },
  'settlement.log.classes': {
    en: '{trainer}: {classes:class:classes}, {net} net, {gross} gross.',
    de: '{trainer}: {classes:Kurs:Kurse}, {net} netto, {gross} brutto.',
  },
  'settlement.log.classWithoutRule': {
    en: '{trainer}: class "{class}" on {date} matches no payment type rule and is not paid.',
    de: '{trainer}: Kurs "{class}" am {date} passt zu keiner Abrechnungsregel und wird nicht bezahlt.',
  },
  'settlement.log.classWithoutTrainer': {
    en: 'Class "{class}" in {studio} on {date} has no trainer and is not paid. Add the trainer in the booking system and reload.',
    de: 'Kurs "{class}" in {studio} am {date} hat keinen Trainer und wird nicht bezahlt. Trage den Trainer im Buchungssystem ein und lade neu.',
  },
  'settlement.log.classWithSeveralTrainers': {
    en: '{trainer}: class "{class}" on {date} lists several trainers and is not paid until fixed.',
    de: '{trainer}: Kurs "{class}" am {date} hat mehrere Trainer und wird erst nach der Korrektur bezahlt.',
  },
  'settlement.log.trainerPrepared': { en: '{trainer}: data created.', de: '{trainer}: Daten erstellt.' },
  'settlement.log.trainerLocked': {
    en: '{trainer}: credit note already issued, left unchanged.',
    de: '{trainer}: Gutschrift bereits erstellt, unverändert gelassen.',
  },
  'settlement.log.preparationFinished': {
    en: 'Data of {count:trainer:trainers} prepared: {net} net, {gross} gross.',
    de: 'Daten für {count:Trainer:Trainer} vorbereitet: {net} netto, {gross} brutto.',
  },
  'settlement.log.adminLines': {
    en: '{trainer}: administration positions updated ({count}), {gross} gross in total.',
    de: '{trainer}: Verwaltungspositionen aktualisiert ({count}), insgesamt {gross} brutto.',
  },
  'settlement.log.trainerReview': {
    en: 'Settlement created by {user}: {mode}.',
    de: 'Abrechnung erstellt von {user}: {mode}.',
  },
  'settlement.log.withReview': { en: 'trainers review a preview first', de: 'Trainer prüfen zuerst eine Vorschau' },
  'settlement.log.withoutReview': { en: 'credit notes without preview', de: 'Gutschriften ohne Vorschau' },
  'settlement.log.status': { en: 'Settlement {status} by {user}.', de: 'Abrechnung {status} von {user}.' },

  // --- the preview table --------------------------------------------------------------------
  'settlement.preview.date': { en: 'Date', de: 'Datum' },
  'settlement.preview.studio': { en: 'Studio', de: 'Studio' },
  'settlement.preview.class': { en: 'Class', de: 'Kurs' },
  'settlement.preview.duration': { en: 'Minutes', de: 'Minuten' },
  'settlement.preview.bookedSlots': { en: 'Booked', de: 'Buchungen' },
  'settlement.preview.net': { en: 'Net', de: 'Netto' },
  'settlement.preview.vat': { en: 'VAT', de: 'MwSt' },
  'settlement.preview.gross': { en: 'Gross', de: 'Brutto' },
  'settlement.preview.total': { en: 'Total', de: 'Summe' },
  'settlement.preview.administration': { en: 'Administration', de: 'Administration' },
  'settlement.preview.noLines': { en: 'No lines for this trainer.', de: 'Keine Positionen für diesen Trainer.' },
});
