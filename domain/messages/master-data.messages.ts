import { defineMessages } from './catalog';

// Master data: trainers, studios, payment type rules and the studio group settings. Keys ending in a
// reason ('… must not be negative') are the zod messages of contracts/*; the API answers them as
// '{field}: {reason}', the web forms show the reason under the field.
export const masterDataMessages = defineMessages({
  'masterData.textTooLong': { en: 'is too long (at most 255 characters)', de: 'ist zu lang (höchstens 255 Zeichen)' },
  'masterData.countryInvalid': { en: 'must be a two-letter country code such as DE', de: 'muss ein zweistelliger Ländercode wie DE sein' },
  'masterData.notCalendarDate': { en: 'is not a calendar date', de: 'ist kein gültiges Kalenderdatum' },
  'masterData.notInteger': { en: 'must be a whole number', de: 'muss eine ganze Zahl sein' },
  'masterData.sourceSystemInvalid': { en: "must be 'demo' or 'csv'", de: "muss 'demo' oder 'csv' sein" },

  'masterData.trainerNotFound': { en: 'Trainer not found in this studio group.', de: 'Diesen Trainer gibt es in dieser Studiogruppe nicht.' },
  'masterData.trainerSaved': { en: 'Trainer data of {name} saved.', de: 'Trainerdaten von {name} gespeichert.' },

  'masterData.studioNotFound': { en: 'Studio not found in this studio group.', de: 'Dieses Studio gibt es in dieser Studiogruppe nicht.' },
  'masterData.studioSaved': { en: 'Studio {name} saved.', de: 'Studio {name} gespeichert.' },

  'masterData.settingsSaved': { en: 'Studio group settings saved.', de: 'Einstellungen der Studiogruppe gespeichert.' },
  'masterData.settings.taxNumberOrVatId': {
    en: 'enter a tax number or a VAT ID (at least one, the credit note needs it)',
    de: 'gib eine Steuernummer oder eine USt-IdNr. an (mindestens eins, die Gutschrift braucht es)',
  },
  'masterData.settings.creditNotePrefix': { en: 'must be 1 to 10 letters, digits or dashes', de: 'muss aus 1 bis 10 Buchstaben, Ziffern oder Bindestrichen bestehen' },
  'masterData.settings.vatRate': { en: 'must be between 0 % and 100 %', de: 'muss zwischen 0 % und 100 % liegen' },
  'masterData.settings.accountingFileUnknown': {
    en: 'may only contain SEPA_XML, CREDIT_NOTES_ZIP, STUDIO_COSTS_BY_MONTH and DATEV_EXTF',
    de: 'darf nur SEPA_XML, CREDIT_NOTES_ZIP, STUDIO_COSTS_BY_MONTH und DATEV_EXTF enthalten',
  },
  'masterData.settings.accountingFileTwice': { en: 'lists a file twice', de: 'nennt eine Datei doppelt' },

  'masterData.rule.notFound': { en: 'Payment type rule not found in this studio group.', de: 'Diese Abrechnungsregel gibt es in dieser Studiogruppe nicht.' },
  'masterData.rule.amountNegative': { en: 'must not be negative', de: 'darf nicht negativ sein' },
  'masterData.rule.amountNotCents': { en: 'must be a whole number of cents', de: 'muss ein ganzzahliger Centbetrag sein' },
  'masterData.rule.amountTooLarge': { en: 'is too large (at most 100,000.00 EUR)', de: 'ist zu groß (höchstens 100.000,00 EUR)' },
  'masterData.rule.flatRequired': { en: 'is required for a flat amount per class', de: 'ist für eine Pauschale pro Kurs erforderlich' },
  'masterData.rule.hourlyRequired': { en: 'is required for an hourly rate', de: 'ist für einen Stundensatz erforderlich' },
  'masterData.rule.perSlotRequired': { en: 'is required for an amount per booked slot', de: 'ist für einen Betrag pro Buchung erforderlich' },
  'masterData.rule.fixedBonusRequired': { en: 'is required for a fixed bonus', de: 'ist für einen festen Bonus erforderlich' },
  'masterData.rule.thresholdRequired': { en: 'is required: from how many booked slots on', de: 'ist erforderlich: ab wie vielen Buchungen' },
  'masterData.rule.thresholdInvalid': { en: 'must be a whole number of booked slots, 0 or more', de: 'muss eine ganze Zahl an Buchungen sein, 0 oder mehr' },
  'masterData.rule.tiersRequired': { en: 'needs at least one tier', de: 'braucht mindestens eine Staffel' },
  'masterData.rule.tiersAscending': {
    en: 'must start at ascending numbers of booked slots, each higher than the one before',
    de: 'müssen bei aufsteigenden Buchungszahlen beginnen, jede höher als die vorige',
  },
  'masterData.rule.tiersTooMany': { en: 'may have at most 20 tiers', de: 'darf höchstens 20 Staffeln haben' },
  'masterData.rule.minAboveMax': { en: 'must not be more than the maximum', de: 'darf nicht größer als das Maximum sein' },
  'masterData.rule.validToBeforeValidFrom': { en: 'must not be before the valid-from date', de: 'darf nicht vor dem Gültig-ab-Datum liegen' },
  'masterData.rule.validToBeforeEffectiveFrom': {
    en: 'must not be before the day before the change applies',
    de: 'darf nicht vor dem Tag vor dem Inkrafttreten der Änderung liegen',
  },
  'masterData.rule.trainerNotInGroup': { en: 'is not a trainer of this studio group', de: 'ist kein Trainer dieser Studiogruppe' },
  'masterData.rule.studioNotInGroup': { en: 'is not a studio of this studio group', de: 'ist kein Studio dieser Studiogruppe' },
  'masterData.rule.inUseEndInstead': {
    en: 'The payment type rule "{name}" has already priced classes, so it cannot be deleted: past months keep their rate. End it with a valid-to date instead.',
    de: 'Die Abrechnungsregel "{name}" wurde bereits für Kurse verwendet und kann deshalb nicht gelöscht werden: Vergangene Monate behalten ihren Satz. Beende sie stattdessen mit einem Gültig-bis-Datum.',
  },
  'masterData.rule.settledBeforeChange': {
    en: 'The payment type rule "{name}" has already been used in a settlement; a change can apply from {date} at the earliest.',
    de: 'Die Abrechnungsregel "{name}" wurde bereits in einer Abrechnung verwendet; eine Änderung kann frühestens ab {date} gelten.',
  },
  'masterData.rule.alreadyReplaced': {
    en: 'The payment type rule "{name}" has already been continued by "{successor}" from {date}. Edit that rule instead.',
    de: 'Die Abrechnungsregel "{name}" wird bereits ab dem {date} durch "{successor}" fortgeführt. Bearbeite stattdessen diese Regel.',
  },
  'masterData.rule.created': { en: 'Payment type rule "{name}" created.', de: 'Abrechnungsregel "{name}" angelegt.' },
  'masterData.rule.updated': { en: 'Payment type rule "{name}" saved.', de: 'Abrechnungsregel "{name}" gespeichert.' },
  'masterData.rule.replaced': {
    en: 'Classes before {effectiveFrom} keep their rate: the previous rule now ends on {endedOn}, and the new values apply from {effectiveFrom} as a new rule "{name}".',
    de: 'Kurse vor dem {effectiveFrom} behalten ihren Satz: Die bisherige Regel endet jetzt am {endedOn}, und die neuen Werte gelten ab dem {effectiveFrom} als neue Regel "{name}".',
  },
  'masterData.rule.ended': { en: 'Payment type rule "{name}" ends on {endedOn}.', de: 'Abrechnungsregel "{name}" endet am {endedOn}.' },
  'masterData.rule.deleted': { en: 'Payment type rule "{name}" deleted.', de: 'Abrechnungsregel "{name}" gelöscht.' },
});
