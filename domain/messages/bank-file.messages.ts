import { defineMessages } from './catalog';

// The bank's answers to a payout file (camt.053, camt.054, pain.002) as the admin uploads them: why
// a file is refused, and why an entry in it was not applied. The admin reads these on screen, so
// they say what to do, not what the parser saw.
export const bankFileMessages = defineMessages({
  // --- refused files ------------------------------------------------------------------------------
  'bankFile.empty': { en: 'The file is empty.', de: 'Die Datei ist leer.' },
  'bankFile.notXml': {
    en: 'This is not a bank file in XML format. Please download the statement from online banking as camt.053, camt.054 or pain.002 (XML), not as PDF, CSV or MT940.',
    de: 'Das ist keine Bankdatei im XML-Format. Bitte laden Sie den Kontoauszug im Online-Banking als camt.053, camt.054 oder pain.002 (XML) herunter, nicht als PDF, CSV oder MT940.',
  },
  'bankFile.notWellFormed': {
    en: 'The file is damaged: the XML breaks off or is invalid in line {line}. Please download it again from online banking.',
    de: 'Die Datei ist beschädigt: Das XML bricht in Zeile {line} ab oder ist dort ungültig. Bitte laden Sie sie erneut im Online-Banking herunter.',
  },
  'bankFile.unknownMessage': {
    en: 'This XML file is {what} ({message}), which TrainerPay cannot read here. Please upload a statement (camt.053), a notification (camt.054) or a payment status report (pain.002).',
    de: 'Diese XML-Datei ist {what} ({message}), die TrainerPay hier nicht lesen kann. Bitte laden Sie einen Kontoauszug (camt.053), eine Buchungsbenachrichtigung (camt.054) oder einen Statusbericht (pain.002) hoch.',
  },
  'bankFile.messageName.pain001': { en: 'a payment order — the payout file TrainerPay made for the bank', de: 'ein Zahlungsauftrag – die Auszahlungsdatei, die TrainerPay für die Bank erstellt hat' },
  'bankFile.messageName.pain008': { en: 'a direct debit order', de: 'ein Lastschriftauftrag' },
  'bankFile.messageName.camt052': { en: 'an intraday account report', de: 'eine untertägige Kontoinformation' },
  'bankFile.messageName.camt086': { en: "a bank's bill of charges", de: 'eine Entgeltabrechnung der Bank' },
  'bankFile.messageName.pacs008': { en: 'an interbank payment message', de: 'eine Interbank-Zahlungsnachricht' },
  'bankFile.messageName.other': { en: 'another ISO 20022 message', de: 'eine andere ISO-20022-Nachricht' },
  'bankFile.unknownVersion': {
    en: 'This is a {message} in version {version}, which TrainerPay cannot read. Please choose version {supported} in online banking.',
    de: 'Das ist eine {message}-Nachricht in Version {version}, die TrainerPay nicht lesen kann. Bitte wählen Sie im Online-Banking die Version {supported}.',
  },
  'bankFile.notIso20022': {
    en: 'This XML file is not a bank file (its root element is {element}). Please upload a statement (camt.053), a notification (camt.054) or a payment status report (pain.002).',
    de: 'Diese XML-Datei ist keine Bankdatei (Wurzelelement {element}). Bitte laden Sie einen Kontoauszug (camt.053), eine Buchungsbenachrichtigung (camt.054) oder einen Statusbericht (pain.002) hoch.',
  },
  'bankFile.noAccount': {
    en: 'The file names no account (IBAN), so it cannot be matched with the payouts. Please download the statement of the payout account again.',
    de: 'Die Datei nennt kein Konto (IBAN) und kann deshalb nicht mit den Auszahlungen abgeglichen werden. Bitte laden Sie den Kontoauszug des Auszahlungskontos erneut herunter.',
  },
  'bankFile.severalAccounts': {
    en: 'The file holds statements of several accounts ({first}, {other}). Please upload the statement of the payout account alone.',
    de: 'Die Datei enthält Auszüge mehrerer Konten ({first}, {other}). Bitte laden Sie nur den Auszug des Auszahlungskontos hoch.',
  },
  'bankFile.missingField': {
    en: 'The file lacks {field}, which every {message} must have. Please download it again from online banking.',
    de: 'In der Datei fehlt {field}, das jede {message}-Nachricht enthalten muss. Bitte laden Sie sie erneut im Online-Banking herunter.',
  },
  'bankFile.invalidAmount': {
    en: 'Entry {entry}: the amount "{amount}" is not a valid amount.',
    de: 'Buchung {entry}: Der Betrag „{amount}“ ist kein gültiger Betrag.',
  },
  'bankFile.otherAccount': {
    en: 'This file is about account {iban}, but the payouts go out from {expected}. Please upload the statement of the payout account.',
    de: 'Diese Datei betrifft das Konto {iban}, die Auszahlungen laufen aber über {expected}. Bitte laden Sie den Auszug des Auszahlungskontos hoch.',
  },
  'bankFile.otherCurrency': {
    en: 'This file is about an account in {currency}; payouts are made in {expected}.',
    de: 'Diese Datei betrifft ein Konto in {currency}; Auszahlungen erfolgen in {expected}.',
  },

  // --- entries not applied ------------------------------------------------------------------------
  'bankMatch.noPayout': {
    en: 'No payout with the reference {endToEndId} was found.',
    de: 'Keine Auszahlung mit der Referenz {endToEndId} gefunden.',
  },
  'bankMatch.noReference': {
    en: 'A debit of {amount} has no reference TrainerPay knows (no credit note number, no payout file).',
    de: 'Eine Abbuchung über {amount} trägt keine Referenz, die TrainerPay kennt (keine Gutschriftnummer, keine Auszahlungsdatei).',
  },
  'bankMatch.ambiguous': {
    en: 'The reference {endToEndId} belongs to {count} payouts; the bank names no payout file to tell them apart. Please assign it by hand.',
    de: 'Die Referenz {endToEndId} gehört zu {count} Auszahlungen; die Bank nennt keine Auszahlungsdatei, um sie zu unterscheiden. Bitte ordnen Sie sie von Hand zu.',
  },
  'bankMatch.returnWithoutReference': {
    en: 'A return of {amount} carries no credit note number, so it cannot be assigned to a payout. Please ask the bank which payment it returns.',
    de: 'Eine Rücküberweisung über {amount} trägt keine Gutschriftnummer und kann daher keiner Auszahlung zugeordnet werden. Bitte fragen Sie die Bank, welche Zahlung zurückkam.',
  },
  'bankMatch.creditNotReturn': {
    en: 'A credit of {amount} carries the reference of payout {endToEndId} but is not marked as a return. Nothing was changed — please check it.',
    de: 'Eine Gutschrift über {amount} trägt die Referenz der Auszahlung {endToEndId}, ist aber nicht als Rücküberweisung gekennzeichnet. Es wurde nichts geändert – bitte prüfen Sie sie.',
  },
  'bankMatch.bookedTwice': {
    en: 'Payout {endToEndId} is {outcome} a second time, under the bank reference {bankReference} (first under {earlierReference}). Nothing was changed — please check with the bank.',
    de: 'Auszahlung {endToEndId} wird ein zweites Mal als {outcome} gebucht, unter der Bankreferenz {bankReference} (zuerst unter {earlierReference}). Es wurde nichts geändert – bitte klären Sie das mit der Bank.',
  },
  'bankMatch.noPayoutFile': {
    en: 'No payout file with the id {messageId} was found.',
    de: 'Keine Auszahlungsdatei mit der Kennung {messageId} gefunden.',
  },
  'bankMatch.amountDiffers': {
    en: 'Payout {endToEndId}: the bank shows {amount}, TrainerPay paid {expected}.',
    de: 'Auszahlung {endToEndId}: Die Bank zeigt {amount}, TrainerPay hat {expected} ausgezahlt.',
  },
  'bankMatch.amountMissing': {
    en: 'Payout {endToEndId}: the bank books it inside a batch without stating its amount, so it cannot be checked.',
    de: 'Auszahlung {endToEndId}: Die Bank bucht sie in einer Sammelbuchung ohne Einzelbetrag, daher kann sie nicht geprüft werden.',
  },
  'bankMatch.currencyDiffers': {
    en: 'Payout {endToEndId}: the bank shows the currency {currency}, TrainerPay paid in {expected}.',
    de: 'Auszahlung {endToEndId}: Die Bank zeigt die Währung {currency}, TrainerPay hat in {expected} ausgezahlt.',
  },
  'bankMatch.ibanDiffers': {
    en: 'Payout {endToEndId}: the bank shows the account {iban}, TrainerPay paid to {expected}.',
    de: 'Auszahlung {endToEndId}: Die Bank zeigt das Konto {iban}, TrainerPay hat an {expected} ausgezahlt.',
  },
  'bankMatch.batchSumDiffers': {
    en: 'Payout file {messageId}: the bank booked {amount} for {count} payments, the file holds {expected} for {expectedCount}. Please check the statement with the bank.',
    de: 'Auszahlungsdatei {messageId}: Die Bank hat {amount} für {count} Zahlungen gebucht, die Datei enthält {expected} für {expectedCount}. Bitte klären Sie den Auszug mit der Bank.',
  },
  'bankMatch.duplicate': {
    en: 'Payout {endToEndId} appears more than once in this file; only the first entry counts.',
    de: 'Auszahlung {endToEndId} kommt in dieser Datei mehrfach vor; nur der erste Eintrag zählt.',
  },
  'bankMatch.returnedMoreThanPaid': {
    en: 'Payout {endToEndId}: the bank returns {amount}, more than the {expected} paid.',
    de: 'Auszahlung {endToEndId}: Die Bank bucht {amount} zurück, mehr als die ausgezahlten {expected}.',
  },
  'bankMatch.contradiction': {
    en: 'Payout {endToEndId} is already {current}; this file says {outcome}. Nothing was changed — please check with the bank.',
    de: 'Auszahlung {endToEndId} ist bereits {current}; diese Datei meldet {outcome}. Es wurde nichts geändert – bitte klären Sie das mit der Bank.',
  },
  'bankMatch.referenceReused': {
    en: 'The bank reference {bankReference} was already recorded as {current} for another payout or outcome; this entry says {outcome}. Nothing was changed.',
    de: 'Die Bankreferenz {bankReference} wurde bereits als {current} zu einer anderen Auszahlung oder mit anderem Ergebnis erfasst; dieser Eintrag meldet {outcome}. Es wurde nichts geändert.',
  },
  'bankMatch.outcome.open': { en: 'open', de: 'offen' },
  'bankMatch.outcome.paid': { en: 'paid', de: 'bezahlt' },
  'bankMatch.outcome.rejected': { en: 'rejected', de: 'abgelehnt' },
  'bankMatch.outcome.returned': { en: 'returned', de: 'zurückgebucht' },
  'bankMatch.outcome.repaid': { en: 'paid again', de: 'erneut ausgezahlt' },
});
