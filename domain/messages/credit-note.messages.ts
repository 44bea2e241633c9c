import { defineMessages } from './catalog';

// The documents of the credit-note run: the words on the self-billed credit note PDF ("Gutschrift",
// §14 UStG) and on its cancelling document, the header of the studio-costs CSV for the accountant,
// and the refusals of the SEPA file builder. A cancellation must never carry the word "Gutschrift"
// (DESIGN "Domain rules"), so its German texts say "Beleg" and "Storno" instead.
export const creditNoteMessages = defineMessages({
  // --- credit note PDF --------------------------------------------------------------------------
  'creditNote.pdf.title': { en: 'Credit note (self-billing)', de: 'Gutschrift' },
  'creditNote.pdf.selfBillingNote': {
    en: 'Self-billing (Gutschrift) under § 14 (2) UStG: the recipient of the service issues this invoice.',
    de: 'Abrechnung im Gutschriftsverfahren nach § 14 Abs. 2 UStG: Der Leistungsempfänger stellt diese Rechnung aus.',
  },
  'creditNote.pdf.cancellationTitle': { en: 'Cancellation of credit note {number}', de: 'Stornorechnung zu Beleg-Nr. {number}' },
  'creditNote.pdf.cancellationNote': {
    en: 'This document cancels credit note {number} in full. The amounts are those of the original with the opposite sign.',
    de: 'Dieser Beleg storniert Beleg-Nr. {number} vollständig. Die Beträge entsprechen dem Originalbeleg mit umgekehrtem Vorzeichen.',
  },
  'creditNote.pdf.issuer': { en: 'Issued by', de: 'Aussteller' },
  'creditNote.pdf.recipient': { en: 'Issued to', de: 'Empfänger' },
  'creditNote.pdf.taxNumber': { en: 'Tax number: {value}', de: 'Steuernummer: {value}' },
  'creditNote.pdf.vatId': { en: 'VAT ID: {value}', de: 'USt-IdNr.: {value}' },
  'creditNote.pdf.number': { en: 'Document no.', de: 'Beleg-Nr.' },
  'creditNote.pdf.issueDate': { en: 'Date of issue', de: 'Ausstellungsdatum' },
  'creditNote.pdf.servicePeriod': { en: 'Service period', de: 'Leistungszeitraum' },
  'creditNote.pdf.servicePeriodValue': { en: '{month} ({from} – {to})', de: '{month} ({from} – {to})' },
  'creditNote.pdf.column.date': { en: 'Date', de: 'Datum' },
  'creditNote.pdf.column.studio': { en: 'Studio', de: 'Studio' },
  'creditNote.pdf.column.class': { en: 'Class', de: 'Kurs' },
  'creditNote.pdf.column.duration': { en: 'Duration', de: 'Dauer' },
  'creditNote.pdf.column.bookedSlots': { en: 'Booked', de: 'Gebucht' },
  'creditNote.pdf.column.net': { en: 'Net', de: 'Netto' },
  'creditNote.pdf.durationValue': { en: '{minutes} min', de: '{minutes} Min.' },
  'creditNote.pdf.adminLine': { en: 'Administration: {description}', de: 'Verwaltung: {description}' },
  'creditNote.pdf.netAtRate': { en: 'Net amount at {rate} % VAT', de: 'Nettobetrag zu {rate} % USt.' },
  'creditNote.pdf.vatAtRate': { en: 'VAT {rate} %', de: 'Umsatzsteuer {rate} %' },
  'creditNote.pdf.netTotal': { en: 'Net amount', de: 'Nettobetrag' },
  'creditNote.pdf.grossTotal': { en: 'Total amount', de: 'Gesamtbetrag' },
  'creditNote.pdf.payment': {
    en: '{amount} will be transferred to the account IBAN {iban} on {date}.',
    de: 'Der Betrag von {amount} wird am {date} auf das Konto IBAN {iban} überwiesen.',
  },
  'creditNote.pdf.paymentBic': { en: 'BIC: {bic}', de: 'BIC: {bic}' },
  'creditNote.pdf.page': { en: '{number} · page {page} of {pages}', de: '{number} · Seite {page} von {pages}' },

  // --- studio costs per month CSV (accounting e-mail, spec 3 and 9) -----------------------------
  'studioCostsCsv.studio': { en: 'Studio', de: 'Studio' },
  'studioCostsCsv.net': { en: 'Net', de: 'Netto' },
  'studioCostsCsv.vatRate': { en: 'VAT %', de: 'MwSt. %' },
  'studioCostsCsv.vat': { en: 'VAT', de: 'MwSt.' },
  'studioCostsCsv.gross': { en: 'Gross', de: 'Brutto' },
  'studioCostsCsv.total': { en: 'Total', de: 'Summe' },

  // --- SEPA credit-transfer file refusals --------------------------------------------------------
  'sepa.noPayments': { en: 'The SEPA file has no payments.', de: 'Die SEPA-Datei enthält keine Zahlungen.' },
  'sepa.invalidIban': { en: 'Payment {payment}: the IBAN of {name} is not a valid IBAN of a SEPA country.', de: 'Zahlung {payment}: Die IBAN von {name} ist keine gültige IBAN eines SEPA-Landes.' },
  'sepa.invalidBic': { en: 'Payment {payment}: the BIC of {name} is not valid.', de: 'Zahlung {payment}: Die BIC von {name} ist ungültig.' },
  'sepa.amountNotPositive': {
    en: 'Payment {payment}: the amount must be more than 0.00 EUR.',
    de: 'Zahlung {payment}: Der Betrag muss größer als 0,00 EUR sein.',
  },
  'sepa.duplicateEndToEndId': {
    en: 'Payment {payment}: the credit note number appears twice in the file.',
    de: 'Zahlung {payment}: Die Gutschriftnummer kommt in der Datei doppelt vor.',
  },
  'sepa.invalidField': { en: '{payment}: {field} {reason}', de: '{payment}: {field} {reason}' },
  'sepa.debtor': { en: 'Debtor', de: 'Auftraggeber' },
});
