import { defineMessages } from './catalog';

// Trainer overview, export, staff's review of a trainer's billing data, the merge and the
// data check; the credit-note run's refusals of employees and of IBANs not yet approved.
export const trainerOverviewMessages = defineMessages({
  'trainerOverview.keywordTooLong': { en: 'is too long (at most 40 characters)', de: 'ist zu lang (höchstens 40 Zeichen)' },
  'trainerOverview.tooManyKeywords': { en: 'at most 30 keywords', de: 'höchstens 30 Keywords' },
  'trainerOverview.exportEmpty': { en: 'select at least one trainer', de: 'wähle mindestens einen Trainer aus' },
  'trainerOverview.exportForeign': {
    en: 'The export names trainers that are not in your studio groups.',
    de: 'Der Export nennt Trainer, die nicht zu deinen Studiogruppen gehören.',
  },
  'trainerOverview.exportMixed': {
    en: 'The export names trainers of several studio groups; export one studio group at a time.',
    de: 'Der Export nennt Trainer mehrerer Studiogruppen; exportiere je Studiogruppe.',
  },
  'trainerOverview.notFound': { en: 'Trainer not found in this studio group.', de: 'Diesen Trainer gibt es in dieser Studiogruppe nicht.' },
  'trainerOverview.settingsSaved': { en: 'Keywords and employment of {name} saved.', de: 'Keywords und Anstellung von {name} gespeichert.' },
  'trainerOverview.reviewed.approved': { en: 'Billing data of {name} approved.', de: 'Abrechnungsdaten von {name} genehmigt.' },
  'trainerOverview.reviewed.rejected': { en: 'Billing data of {name} rejected.', de: 'Abrechnungsdaten von {name} abgelehnt.' },
  'trainerOverview.merge.self': { en: 'a trainer cannot be merged with itself', de: 'ein Trainer kann nicht mit sich selbst zusammengeführt werden' },
  'trainerOverview.merge.notFound': { en: 'Trainer to merge not found in this studio group.', de: 'Den zusammenzuführenden Trainer gibt es in dieser Studiogruppe nicht.' },
  'trainerOverview.merge.openSettlement': {
    en: 'Both trainers have lines in the open settlement of {month}. Remove one of them from that settlement (or finish it) first.',
    de: 'Beide Trainer haben Zeilen in der offenen Abrechnung {month}. Nimm zuerst einen der beiden aus dieser Abrechnung (oder schließe sie ab).',
  },
  'trainerOverview.merge.sameRun': {
    en: 'Both trainers received a credit note in the same credit-note run of {month}; a trainer has one credit note per run, so the two cannot be joined.',
    de: 'Beide Trainer haben im selben Gutschriftenlauf {month} eine Gutschrift erhalten; ein Trainer hat je Lauf eine Gutschrift, daher lassen sich die beiden nicht zusammenführen.',
  },
  'trainerOverview.merge.twoAccounts': {
    en: 'Both trainers are connected to different trainer accounts; merging would join two people’s accounts.',
    de: 'Beide Trainer sind mit verschiedenen Trainer-Accounts verbunden; das Zusammenführen würde die Accounts zweier Personen vereinen.',
  },
  'trainerOverview.merge.done': { en: '{merged} was merged into {kept}.', de: '{merged} wurde mit {kept} zusammengeführt.' },
  'trainerOverview.changedMail.subject': { en: 'Trainer data changed: {trainer}', de: 'Trainerdaten geändert: {trainer}' },
  'trainerOverview.changedMail.body': {
    en: '{trainer} changed their {what} in the trainer portal. Please review the data: {link}\n\nA changed IBAN is not paid until you approve it.',
    de: '{trainer} hat im Trainerportal folgende Daten geändert: {what}. Bitte prüfe die Daten: {link}\n\nEine geänderte IBAN wird erst nach deiner Genehmigung ausgezahlt.',
  },
  'trainerOverview.changedMail.personal': { en: 'personal data', de: 'persönliche Daten' },
  'trainerOverview.changedMail.bank': { en: 'bank data', de: 'Bankdaten' },
  'trainerOverview.changedMail.tax': { en: 'tax data', de: 'Steuerdaten' },
  'dataCheck.studioGroupMismatch': { en: 'The studio group of the path does not match idStudioGroup.', de: 'Die Studiogruppe des Pfads passt nicht zu idStudioGroup.' },
  'creditNote.refused.employee': {
    en: 'Credit note for {trainer} has not been created: the trainer is an employee (paid through payroll, never by credit note).',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: Der Trainer ist angestellt (Lohnabrechnung, nie per Gutschrift).',
  },
  'creditNote.refused.ibanNotApproved': {
    en: 'Credit note for {trainer} has not been created: the trainer changed the IBAN and staff have not approved it yet.',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: Der Trainer hat die IBAN geändert und sie ist noch nicht genehmigt.',
  },
  'settlementV1.reason.employee': { en: 'the trainer is an employee (paid through payroll)', de: 'der Trainer ist angestellt (Lohnabrechnung)' },
  'settlementV1.reason.ibanNotApproved': { en: 'the changed IBAN is not approved yet', de: 'die geänderte IBAN ist noch nicht genehmigt' },
});
