import { defineMessages } from './catalog';

// E-invoices: why a trainer's credit note cannot be an EN 16931 invoice, said before a
// number is taken, and the names of the formats a trainer may receive.
export const eInvoiceMessages = defineMessages({
  'creditNote.refused.noEInvoice': {
    en: 'Credit note for {trainer} has not been created: it would not be a valid e-invoice ({reasons}).',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: Sie wäre keine gültige E-Rechnung ({reasons}).',
  },
  'settlementV1.reason.noEInvoice': { en: 'the credit note would not be a valid e-invoice', de: 'die Gutschrift wäre keine gültige E-Rechnung' },
  'eInvoice.problem.sellerAddress': { en: "the trainer's postal address is missing", de: 'die Postanschrift des Trainers fehlt' },
  'eInvoice.problem.buyerAddress': { en: "the studio group's postal address is missing", de: 'die Postanschrift der Studiogruppe fehlt' },
  'eInvoice.problem.sellerVatId': {
    en: "the trainer's VAT ID is not of the form country code and number (e.g. DE123456789)",
    de: 'die USt-IdNr. des Trainers hat nicht die Form Länderkennzeichen und Nummer (z. B. DE123456789)',
  },
  'eInvoice.problem.sellerTaxId': { en: 'the trainer has neither a tax number nor a VAT ID', de: 'der Trainer hat weder eine Steuernummer noch eine USt-IdNr.' },
  'eInvoice.format.pdf': { en: 'PDF', de: 'PDF' },
  'eInvoice.format.hybrid': { en: 'PDF with embedded e-invoice (ZUGFeRD/Factur-X)', de: 'PDF mit eingebetteter E-Rechnung (ZUGFeRD/Factur-X)' },
  'eInvoice.format.xrechnung': { en: 'XRechnung (XML)', de: 'XRechnung (XML)' },
});
