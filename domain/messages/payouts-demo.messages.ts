import { defineMessages } from './catalog';

// The demo groups' bank statement (GET /api/v1/{g}/payouts/demo-statement): why none can be made.
export const payoutsDemoMessages = defineMessages({
  'payouts.demo.onlyDemo': {
    en: 'A demo bank statement is made only for studio groups that import from the demo booking system; upload your bank\'s own file instead.',
    de: 'Ein Demo-Kontoauszug wird nur für Studiogruppen mit dem Demo-Buchungssystem erstellt; laden Sie stattdessen die Datei Ihrer Bank hoch.',
  },
  'payouts.demo.runNotFound': { en: 'This credit-note run was not found in the studio group.', de: 'Dieser Gutschriftenlauf wurde in der Studiogruppe nicht gefunden.' },
  'payouts.demo.noOpenPayouts': {
    en: 'This credit-note run has no open payouts left: the bank\'s word on each of them has been read already.',
    de: 'Dieser Gutschriftenlauf hat keine offenen Auszahlungen mehr: Zu jeder liegt die Antwort der Bank schon vor.',
  },
  'payouts.demo.noIban': {
    en: 'The studio group has no IBAN of its own (Settings): a statement needs the account it is about.',
    de: 'Die Studiogruppe hat keine eigene IBAN (Einstellungen): Ein Kontoauszug braucht das Konto, um das es geht.',
  },
});
