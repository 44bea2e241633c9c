import { defineMessages } from './catalog';

// Settlement wizard v1 (admin spec 2.1, 4 "Wizard v1 flow", 7, 8): the per-trainer invoice and
// e-mail calls. The English texts keep the spec's wording ('has not been send').
export const settlementV1Messages = defineMessages({
  'settlementV1.invoiceCreated': { en: 'Invoice for {trainer} created', de: 'Rechnung für {trainer} erstellt' },
  'settlementV1.invoiceNotCreated': { en: 'Invoice for {trainer} has not been created', de: 'Rechnung für {trainer} wurde nicht erstellt' },
  'settlementV1.invoiceNotCreatedBecause': { en: 'Invoice for {trainer} has not been created: {reason}', de: 'Rechnung für {trainer} wurde nicht erstellt: {reason}' },
  'settlementV1.invoiceSent': { en: 'Invoice for {trainer} send', de: 'Rechnung für {trainer} versendet' },
  'settlementV1.invoiceNotSent': { en: 'Invoice for {trainer} has not been send', de: 'Rechnung für {trainer} wurde nicht versendet' },
  'settlementV1.invoiceNotSentBecause': { en: 'Invoice for {trainer} has not been send: {reason}', de: 'Rechnung für {trainer} wurde nicht versendet: {reason}' },
  'settlementV1.invoicesUpdated': {
    en: 'Invoices of the settlement: {issued} created, {refused} not created.',
    de: 'Rechnungen der Abrechnung: {issued} erstellt, {refused} nicht erstellt.',
  },
  'settlementV1.emailsUpdated': {
    en: 'E-mails sent; banking XML, credit-notes ZIP and studio-costs CSV created (gross {gross}).',
    de: 'E-Mails versendet; Banking-XML, Gutschriften-ZIP und Studiokosten-CSV erstellt (brutto {gross}).',
  },
  'settlementV1.notCaller': { en: 'idUser must be your own user.', de: 'idUser muss dein eigener Benutzer sein.' },
  'settlementV1.otherVersion': {
    en: 'This settlement was created with wizard {version}; continue it there.',
    de: 'Diese Abrechnung wurde mit dem Assistenten {version} angelegt; bitte dort fortsetzen.',
  },
  // Why a credit note was refused, short (the engine's refusal keys are creditNote.refused.*).
  'settlementV1.reason.notInSettlement': { en: 'the trainer is not prepared in this settlement', de: 'der Trainer ist in dieser Abrechnung nicht vorbereitet' },
  'settlementV1.reason.alreadyIssued': { en: 'a credit note was issued in an earlier run', de: 'in einem früheren Lauf wurde bereits eine Gutschrift ausgestellt' },
  'settlementV1.reason.incompleteData': { en: 'the trainer data is incomplete', de: 'die Trainerdaten sind unvollständig' },
  'settlementV1.reason.noConsent': {
    en: 'the trainer has not consented to self-billing for this studio group',
    de: 'der Trainer hat dem Gutschriftsverfahren für diese Studiogruppe nicht zugestimmt',
  },
  'settlementV1.reason.notApproved': { en: 'the settlement has not been approved by the company', de: 'die Abrechnung wurde vom Unternehmen nicht freigegeben' },
  'settlementV1.reason.nothingToPay': { en: 'the total is not more than 0.00 EUR', de: 'der Gesamtbetrag ist nicht größer als 0,00 EUR' },
  'settlementV1.reason.invalidDocument': { en: 'the credit note would not be a valid document', de: 'die Gutschrift wäre kein gültiges Dokument' },
});
