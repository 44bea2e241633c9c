import { defineMessages } from './catalog';

// Payouts (DESIGN "Payouts"): the admin's bank-file upload and payout list, "pay again", and what the
// trainer is told when the bank rejected or returned a payout.
export const payoutsMessages = defineMessages({
  'payouts.status.open': { en: 'open', de: 'offen' },
  'payouts.status.paid': { en: 'paid', de: 'bezahlt' },
  'payouts.status.rejected': { en: 'rejected', de: 'abgelehnt' },
  'payouts.status.returned': { en: 'returned', de: 'zurückgebucht' },
  'payouts.statusInvalid': { en: 'must be open, paid, rejected or returned', de: 'muss open, paid, rejected oder returned sein' },
  'payouts.monthInvalid': { en: 'must be a month as YYYY-MM', de: 'muss ein Monat im Format JJJJ-MM sein' },

  // --- upload -------------------------------------------------------------------------------------
  'payouts.upload.noFile': { en: 'Please choose a bank file (field "file").', de: 'Bitte wählen Sie eine Bankdatei (Feld „file“).' },
  'payouts.upload.tooLarge': { en: 'The file is larger than {max} MB.', de: 'Die Datei ist größer als {max} MB.' },
  'payouts.upload.noDebtorIban': {
    en: 'The studio group has no payout account (IBAN) yet: enter it in the studio group settings first.',
    de: 'Für die Studiogruppe ist noch kein Auszahlungskonto (IBAN) hinterlegt: Bitte tragen Sie es zuerst in den Einstellungen der Studiogruppe ein.',
  },
  'payouts.upload.noPayoutFile': {
    en: 'This status report answers the payout file {messageId}, which this studio group did not send.',
    de: 'Dieser Statusbericht beantwortet die Auszahlungsdatei {messageId}, die diese Studiogruppe nicht versandt hat.',
  },
  'payouts.upload.alreadyRead': {
    en: 'This bank file was already uploaded on {when} by {by}; nothing was changed.',
    de: 'Diese Bankdatei wurde bereits am {when} von {by} hochgeladen; es wurde nichts geändert.',
  },
  'payouts.upload.contradiction': {
    en: 'A different file with the same identity ({kind}, message {messageId}, sequence {sequence}) was already uploaded on {when}. The bank does not send two versions of one statement: please check which file is right; nothing was changed.',
    de: 'Eine andere Datei mit derselben Kennung ({kind}, Nachricht {messageId}, Folge {sequence}) wurde bereits am {when} hochgeladen. Die Bank sendet keinen Auszug in zwei Fassungen: Bitte prüfen Sie, welche Datei stimmt; es wurde nichts geändert.',
  },
  'payouts.upload.accepted': { en: 'The bank file is being read.', de: 'Die Bankdatei wird eingelesen.' },
  'payouts.upload.someone': { en: 'someone', de: 'jemandem' },
  'payouts.bankFile.notFound': { en: 'Bank file not found.', de: 'Bankdatei nicht gefunden.' },
  'payouts.bankFile.readFailed': { en: 'The file could not be read to its end: {detail}', de: 'Die Datei konnte nicht bis zum Ende gelesen werden: {detail}' },

  // --- pay again ----------------------------------------------------------------------------------
  'payouts.payAgain.nothing': {
    en: 'There is no rejected or returned payout that may be paid again now.',
    de: 'Es gibt keine abgelehnte oder zurückgebuchte Auszahlung, die jetzt erneut ausgezahlt werden kann.',
  },
  'payouts.payAgain.refused': { en: 'Cannot be paid again: {payouts}', de: 'Kann nicht erneut ausgezahlt werden: {payouts}' },
  'payouts.payAgain.done': {
    en: 'SEPA file with {count} repayments over {amount} created.',
    de: 'SEPA-Datei mit {count} erneuten Auszahlungen über {amount} erstellt.',
  },
  'payouts.refused.notRepayable': { en: 'not rejected or returned, or already paid again', de: 'nicht abgelehnt oder zurückgebucht, oder schon erneut ausgezahlt' },
  'payouts.refused.invalidIban': { en: "the trainer's IBAN is not valid", de: 'die IBAN des Trainers ist ungültig' },
  'payouts.refused.incompleteData': { en: "the trainer's data is incomplete", de: 'die Trainerdaten sind unvollständig' },
  'payouts.refused.employee': { en: 'the trainer is an employee (paid through payroll)', de: 'der Trainer ist angestellt (Lohnabrechnung)' },
  'payouts.refused.ibanNotApproved': { en: "the trainer's new IBAN awaits approval by staff", de: 'die neue IBAN des Trainers wartet auf Freigabe' },
  'payouts.refused.noConsent': { en: 'the trainer has not consented to self-billing', de: 'der Trainer hat dem Gutschriftsverfahren nicht zugestimmt' },
  'payouts.refused.notInSettlement': { en: 'the trainer is not in the settlement', de: 'der Trainer ist nicht in der Abrechnung' },
  'payouts.refused.alreadyIssued': { en: 'already issued', de: 'bereits ausgestellt' },
  'payouts.refused.notApproved': { en: 'not approved', de: 'nicht freigegeben' },
  'payouts.unknownReason': { en: 'The bank gave no reason.', de: 'Die Bank hat keinen Grund genannt.' },

  // --- the trainer is told ------------------------------------------------------------------------
  'payouts.notification.failed': {
    en: 'Your payout {endToEndId} over {amount} could not be credited: {reason} Please check your IBAN in your profile; once staff have approved it, the amount is paid again.',
    de: 'Deine Auszahlung {endToEndId} über {amount} konnte nicht gutgeschrieben werden: {reason} Bitte prüfe deine IBAN im Profil; sobald sie freigegeben ist, wird der Betrag erneut ausgezahlt.',
  },
  'mail.payoutFailed.subject': {
    en: '{studioGroup}: your payout {endToEndId} could not be credited',
    de: '{studioGroup}: Deine Auszahlung {endToEndId} konnte nicht gutgeschrieben werden',
  },
  'mail.payoutFailed.body': {
    en: 'The payout {endToEndId} of {studioGroup} over {amount} for your credit note {number} came back from the bank.\n\nThe bank says: {reason}\n\nPlease check your IBAN in your TrainerPay profile and correct it if needed. Once staff have approved it, the amount is paid again. Your credit note stays valid.',
    de: 'Die Auszahlung {endToEndId} von {studioGroup} über {amount} zu deiner Gutschrift {number} kam von der Bank zurück.\n\nDie Bank nennt als Grund: {reason}\n\nBitte prüfe deine IBAN in deinem TrainerPay-Profil und korrigiere sie, falls nötig. Sobald sie freigegeben ist, wird der Betrag erneut ausgezahlt. Deine Gutschrift bleibt gültig.',
  },
  'mail.payoutFailed.action': { en: 'Check my bank details', de: 'Bankdaten prüfen' },

  // --- CSV ----------------------------------------------------------------------------------------
  'payouts.csv.header': {
    en: 'End-to-end id;Credit note;Month;Trainer;IBAN;Amount;Status;Booking date;Reason code;Reason;Fee;Repays;Repaid by',
    de: 'End-to-End-ID;Gutschrift;Monat;Trainer;IBAN;Betrag;Status;Buchungsdatum;Grundcode;Grund;Gebühr;Wiederholt;Wiederholt durch',
  },
  'payouts.returnsCsv.header': {
    en: 'End-to-end id;Credit note;Trainer;IBAN;Amount;Status;Booking date;Reason code;Reason;Fee;Repaid by',
    de: 'End-to-End-ID;Gutschrift;Trainer;IBAN;Betrag;Status;Buchungsdatum;Grundcode;Grund;Gebühr;Wiederholt durch',
  },
});
