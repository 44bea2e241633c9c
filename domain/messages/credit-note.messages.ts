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

  // --- returns CSV of the accounting hand-off (PAYOUT_RETURNS, decision 0150) --------------------
  'payoutReturnsCsv.handover': { en: 'Handed over', de: 'Übergabe' },
  'payoutReturnsCsv.handover.return': { en: 'Failed payment', de: 'Rückläufer' },
  'payoutReturnsCsv.handover.repayment': { en: 'Repayment', de: 'Erneute Zahlung' },
  'payoutReturnsCsv.creditNoteNumber': { en: 'Credit note number', de: 'Gutschrift-Nr.' },
  'payoutReturnsCsv.trainer': { en: 'Trainer', de: 'Trainer' },
  'payoutReturnsCsv.trainerNumber': { en: 'Trainer number', de: 'Trainer-Nr.' },
  'payoutReturnsCsv.endToEndId': { en: 'Original end-to-end id', de: 'Ursprüngliche End-to-End-ID' },
  'payoutReturnsCsv.status': { en: 'Status', de: 'Status' },
  'payoutReturnsCsv.amount': { en: 'Amount', de: 'Betrag' },
  'payoutReturnsCsv.returned': { en: 'Returned amount', de: 'Zurückerhalten' },
  'payoutReturnsCsv.fee': { en: 'Fee', de: 'Gebühr' },
  'payoutReturnsCsv.reasonCode': { en: 'Reason code', de: 'Grund-Code' },
  'payoutReturnsCsv.reason': { en: 'Reason', de: 'Grund' },
  'payoutReturnsCsv.bookingDate': { en: 'Bank booking date', de: 'Buchungsdatum Bank' },
  'payoutReturnsCsv.bankReference': { en: 'Bank reference', de: 'Bankreferenz' },
  'payoutReturnsCsv.repaidBy': { en: 'Repaid by (end-to-end id)', de: 'Erneut bezahlt mit (End-to-End-ID)' },
  'payoutReturnsCsv.repaymentAmount': { en: 'Repayment amount', de: 'Betrag erneute Zahlung' },
  'payoutReturnsCsv.repaymentStatus': { en: 'Repayment status', de: 'Status erneute Zahlung' },
  'payoutReturnsCsv.total': { en: 'Total', de: 'Summe' },
  'creditNote.file.returnsCreated': { en: 'Returns CSV created: {count} failed payments and repayments.', de: 'Rückläufer-CSV erstellt: {count} Rückläufer und erneute Zahlungen.' },
  'creditNote.file.returnsNone': { en: 'No returned or rejected payment to hand over: no returns CSV.', de: 'Kein zurückgebuchter oder abgelehnter Zahlungsauftrag zu übergeben: keine Rückläufer-CSV.' },
  'creditNote.file.returnsError': { en: 'Error creating returns CSV file!', de: 'Fehler beim Erstellen der Rückläufer-CSV!' },

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

  // --- credit-note run (spec admin 2.8, 2.9, 4 "Credit-note send stream", 8) ----------------------
  'creditNote.run.started': { en: 'Creating credit notes for {count:trainer:trainers} …', de: 'Gutschriften für {count:Trainer:Trainer} werden erstellt …' },
  'creditNote.run.diskFull': {
    en: 'The disk is full ({code}: no space left in {dataDir}): the credit notes\' files cannot be written. The run waits and continues by itself once space is freed there.',
    de: 'Der Datenträger ist voll ({code}: kein Platz mehr in {dataDir}): Die Dateien der Gutschriften können nicht geschrieben werden. Der Lauf wartet und setzt sich selbst fort, sobald dort Platz frei ist.',
  },
  'creditNote.run.created': { en: 'Credit note {number} for {trainer} created', de: 'Gutschrift {number} für {trainer} erstellt' },
  'creditNote.run.sent': { en: 'Credit note for {trainer} sent', de: 'Gutschrift für {trainer} versendet' },
  'creditNote.run.noEmail': {
    en: 'Credit note for {trainer} has not been sent: there is no e-mail address.',
    de: 'Gutschrift für {trainer} wurde nicht versendet: Es gibt keine E-Mail-Adresse.',
  },
  'creditNote.run.finished': { en: 'Send credit note finished', de: 'Versand der Gutschriften abgeschlossen' },
  'creditNote.run.finishedCounts': {
    en: 'Send credit note finished: {issued} created, {refused} not created.',
    de: 'Versand der Gutschriften abgeschlossen: {issued} erstellt, {refused} nicht erstellt.',
  },
  'creditNote.run.notFound': { en: 'The credit-note run was not found.', de: 'Der Gutschriftenlauf wurde nicht gefunden.' },
  'creditNote.run.otherSettlement': { en: 'This credit-note run belongs to another settlement.', de: 'Dieser Gutschriftenlauf gehört zu einer anderen Abrechnung.' },
  // Refusals of a trainer (the run's 'error' stream messages, no number used for them; the 422 of
  // the run's pre-check): creditNote.refused.{reason} of the billing-eligibility rule and the document checks.
  'creditNote.refused.notInSettlement': {
    en: 'Credit note for {trainer} has not been created: the trainer is not prepared in this settlement.',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: Der Trainer ist in dieser Abrechnung nicht vorbereitet.',
  },
  'creditNote.refused.alreadyIssued': {
    en: 'Credit note for {trainer} has not been created: a credit note was issued in an earlier run.',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: In einem früheren Lauf wurde bereits eine Gutschrift ausgestellt.',
  },
  'creditNote.refused.incompleteData': {
    en: 'Credit note for {trainer} has not been created: the trainer data is incomplete ({fields}).',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: Die Trainerdaten sind unvollständig ({fields}).',
  },
  'creditNote.refused.noConsent': {
    en: 'Credit note for {trainer} has not been created: the trainer has not consented to self-billing for this studio group.',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: Der Trainer hat dem Gutschriftsverfahren für diese Studiogruppe nicht zugestimmt.',
  },
  'creditNote.refused.notApproved': {
    en: 'Credit note for {trainer} has not been created: the settlement has not been approved by the company.',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: Die Abrechnung wurde vom Unternehmen nicht freigegeben.',
  },
  'creditNote.refused.nothingToPay': {
    en: 'Credit note for {trainer} has not been created: the total is not more than 0.00 EUR.',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: Der Gesamtbetrag ist nicht größer als 0,00 EUR.',
  },
  'creditNote.refused.invalidDocument': {
    en: 'Credit note for {trainer} has not been created: {problems}',
    de: 'Gutschrift für {trainer} wurde nicht erstellt: {problems}',
  },
  // The studio of admin positions in the studio-costs CSV.
  'creditNote.adminStudio': { en: 'Administration', de: 'Verwaltung' },

  // --- the run's files (spec 3 "Accounting e-mail", 4 "Attachment status", 8) ---------------------
  'creditNote.file.sepaError': { en: 'Error creating SEPA XML file!', de: 'Fehler beim Erstellen der SEPA-XML-Datei!' },
  'creditNote.file.zipError': { en: 'Error creating credit notes ZIP file!', de: 'Fehler beim Erstellen der ZIP-Datei mit den Gutschriften!' },
  'creditNote.file.csvError': { en: 'Error creating CSV file "Studio costs per month"!', de: 'Fehler beim Erstellen der CSV-Datei „Studiokosten pro Monat“!' },
  'creditNote.file.sepaCreated': {
    en: 'SEPA XML file created: {count:payment:payments}, {amount}',
    de: 'SEPA-XML-Datei erstellt: {count:Zahlung:Zahlungen}, {amount}',
  },
  'creditNote.file.sepaPaymentLeftOut': {
    en: 'Credit note {number} is not in the SEPA file: {reason}',
    de: 'Gutschrift {number} ist nicht in der SEPA-Datei: {reason}',
  },
  'creditNote.file.zipCreated': { en: 'Credit notes ZIP file created: {count:credit note:credit notes}', de: 'ZIP-Datei mit {count:Gutschrift:Gutschriften} erstellt' },
  'creditNote.file.csvCreated': { en: 'CSV file "Studio costs per month" created', de: 'CSV-Datei „Studiokosten pro Monat“ erstellt' },

  // --- accounting e-mail (spec 3) ------------------------------------------------------------------
  'creditNote.accountingMail.subject': { en: '{studioGroup}: accounting files for {month}', de: '{studioGroup}: Buchhaltungsunterlagen für {month}' },
  'creditNote.accountingMail.body': {
    en: 'Please find attached the accounting files of {studioGroup} for {month}.',
    de: 'Anbei die Buchhaltungsunterlagen von {studioGroup} für {month}.',
  },
  'creditNote.accountingMail.queued': { en: 'Accounting e-mail to {recipients} queued', de: 'Buchhaltungs-E-Mail an {recipients} vorgemerkt' },
  'creditNote.accountingMail.attachmentMissing': {
    en: 'The attachment {file} of this run is not available.',
    de: 'Der Anhang {file} dieses Laufs ist nicht verfügbar.',
  },

  // --- the run as a command of the settlement (workflow validator, API checks) -------------------
  'creditNote.runRunning': { en: 'Credit notes are being created; please wait until that is finished.', de: 'Gutschriften werden gerade erstellt; bitte warte, bis das fertig ist.' },
  'creditNote.runAlreadySent': { en: 'This credit-note run was sent already; it is not sent a second time.', de: 'Dieser Gutschriftenlauf wurde bereits versendet; er wird nicht ein zweites Mal versendet.' },
  'creditNote.trainerNotApproved': { en: '{trainer} is not approved yet; only approved trainers get a credit note.', de: '{trainer} ist noch nicht freigegeben; nur freigegebene Trainer erhalten eine Gutschrift.' },
  'creditNote.runFilesNotReady': { en: 'The files of this run are not ready yet.', de: 'Die Dateien dieses Laufs sind noch nicht fertig.' },
  'creditNote.accountingMail.sent': { en: 'Accounting e-mail sent to {recipients}.', de: 'Buchhaltungs-E-Mail an {recipients} gesendet.' },
  'creditNote.accountingMail.recorded': { en: 'Accounting e-mail recorded in the outbox for {recipients}.', de: 'Buchhaltungs-E-Mail für {recipients} im Postausgang gespeichert.' },
  'creditNote.accountingMail.invalidAddress': { en: '"{address}" is not a valid e-mail address.', de: '„{address}“ ist keine gültige E-Mail-Adresse.' },
  'creditNote.accountingMail.noRecipient': { en: 'Please enter at least one recipient.', de: 'Bitte gib mindestens einen Empfänger an.' },
  'creditNote.accountingMail.emptySubject': { en: 'Please enter a subject.', de: 'Bitte gib einen Betreff ein.' },
  'creditNote.correction.notIssued': { en: 'Only an issued credit note can be cancelled.', de: 'Nur eine ausgestellte Gutschrift kann storniert werden.' },
  'creditNote.correction.alreadyCancelled': { en: 'This credit note is cancelled already.', de: 'Diese Gutschrift ist bereits storniert.' },
  'creditNote.correction.started': { en: 'Cancellation of {number} started; a new credit note follows.', de: 'Stornierung von {number} gestartet; eine neue Gutschrift folgt.' },
  'creditNote.correction.cancelled': { en: 'Cancellation {number} of credit note {original} for {trainer} issued', de: 'Storno {number} zu Beleg {original} für {trainer} erstellt' },
  'creditNote.correction.mailSubject': { en: '{studioGroup}: cancellation {number} of a credit note', de: '{studioGroup}: Stornorechnung {number} zu einem Beleg' },
  'creditNote.correction.mailBody': {
    en: '{studioGroup} has cancelled a credit note issued to you; the cancelling document {number} is attached.\n\nA corrected credit note follows in a separate e-mail.',
    de: '{studioGroup} hat einen an dich ausgestellten Beleg storniert; die Stornorechnung {number} findest du im Anhang.\n\nEin korrigierter Beleg folgt in einer eigenen E-Mail.',
  },
});
