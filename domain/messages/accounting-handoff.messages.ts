import { defineMessages } from './catalog';

// The accountant's hand-off beyond the PDFs: the DATEV files of a run and their settings,
// the trainer's yearly statement, and the small-business (§19 UStG) limits watched.
export const accountingHandoffMessages = defineMessages({
  // --- DATEV settings (PUT /settings `datev`) ------------------------------------------------------
  'datev.settings.chart': { en: 'must be SKR03 or SKR04', de: 'muss SKR03 oder SKR04 sein' },
  'datev.settings.consultantNumber': { en: 'must be a consultant number from 1001 to 9999999', de: 'muss eine Beraternummer von 1001 bis 9999999 sein' },
  'datev.settings.clientNumber': { en: 'must be a client number from 1 to 99999', de: 'muss eine Mandantennummer von 1 bis 99999 sein' },
  'datev.settings.fiscalYearStart': { en: 'must be a month from 1 to 12', de: 'muss ein Monat von 1 bis 12 sein' },
  'datev.settings.expenseAccount': { en: 'must be an account of 4 to 8 digits', de: 'muss ein Konto mit 4 bis 8 Ziffern sein' },
  'datev.settings.creditorRangeLength': {
    en: 'creditor accounts must have one digit more than the expense account (e.g. 70000 with 3100)',
    de: 'Kreditorenkonten brauchen eine Ziffer mehr als das Aufwandskonto (z. B. 70000 zu 3100)',
  },
  'datev.settings.creditorRangeOrder': { en: 'must not be below the first creditor account', de: 'darf nicht unter dem ersten Kreditorenkonto liegen' },

  // --- DATEV files of a run ----------------------------------------------------------------------
  'datev.file.created': { en: 'DATEV booking batch created: {count} bookings, {amount}; creditor master data: {creditors} trainers', de: 'DATEV-Buchungsstapel erstellt: {count} Buchungen, {amount}; Kreditoren-Stammdaten: {creditors} Trainer' },
  'datev.file.error': { en: 'Error creating DATEV booking batch!', de: 'Fehler beim Erstellen des DATEV-Buchungsstapels!' },
  'datev.file.notSet': {
    en: 'DATEV booking batch not created: the studio group has no DATEV settings (consultant and client number, chart, accounts). Set them in the settings; the rest of the run is done.',
    de: 'DATEV-Buchungsstapel nicht erstellt: Die Studiogruppe hat keine DATEV-Einstellungen (Berater- und Mandantennummer, Kontenrahmen, Konten). Trage sie in den Einstellungen ein; der Rest des Laufs ist erledigt.',
  },
  'datev.creditorRangeFull': { en: 'the creditor range {start}–{end} has no account left for this trainer', de: 'im Kreditorenbereich {start}–{end} ist kein Konto mehr für diesen Trainer frei' },
  'datev.unknownVatRate': { en: 'DATEV has no standard input-VAT key for {rate} %', de: 'DATEV hat keinen Standard-Vorsteuerschlüssel für {rate} %' },
  'datev.spansFiscalYears': { en: 'the documents ({from} to {to}) lie in two fiscal years', de: 'die Belege ({from} bis {to}) liegen in zwei Wirtschaftsjahren' },
  'datev.noBookings': { en: 'the run has no amount to book', de: 'der Lauf hat keinen Betrag zu buchen' },
  'datev.invalidDate': { en: 'invalid date {date}', de: 'ungültiges Datum {date}' },
  'datev.booking.creditNote': { en: 'Credit note {month} {trainer}', de: 'Gutschrift {month} {trainer}' },
  'datev.booking.cancellation': { en: 'Cancellation {number} {trainer}', de: 'Storno {number} {trainer}' },
  'datev.title': { en: 'Credit notes {month}', de: 'Gutschriften {month}' },

  // --- yearly statement --------------------------------------------------------------------------
  'yearlyStatement.title': { en: 'Yearly statement {year}', de: 'Jahresübersicht {year}' },
  'yearlyStatement.intro': {
    en: 'Every credit note and cancellation {studioGroup} issued to you in {year}, with net, VAT and gross: the figures for your tax return.',
    de: 'Alle Gutschriften und Stornobelege, die {studioGroup} dir {year} ausgestellt hat, mit Netto, USt und Brutto: die Zahlen für deine Steuererklärung.',
  },
  'yearlyStatement.trainer': { en: 'Trainer', de: 'Trainer' },
  'yearlyStatement.issuer': { en: 'Studio group', de: 'Studiogruppe' },
  'yearlyStatement.taxNumber': { en: 'Tax number', de: 'Steuernummer' },
  'yearlyStatement.vatId': { en: 'VAT ID', de: 'USt-IdNr.' },
  'yearlyStatement.number': { en: 'Number', de: 'Nummer' },
  'yearlyStatement.date': { en: 'Date', de: 'Datum' },
  'yearlyStatement.document': { en: 'Document', de: 'Beleg' },
  'yearlyStatement.period': { en: 'Service month', de: 'Leistungsmonat' },
  'yearlyStatement.net': { en: 'Net', de: 'Netto' },
  'yearlyStatement.vat': { en: 'VAT', de: 'USt' },
  'yearlyStatement.gross': { en: 'Gross', de: 'Brutto' },
  'yearlyStatement.creditNote': { en: 'Credit note', de: 'Gutschrift' },
  'yearlyStatement.cancellation': { en: 'Cancellation of {number}', de: 'Storno zu {number}' },
  'yearlyStatement.total': { en: 'Total {year}', de: 'Summe {year}' },
  'yearlyStatement.byRate': { en: 'of which at {rate}: net {net}, VAT {vat}', de: 'davon zu {rate}: netto {net}, USt {vat}' },
  'yearlyStatement.none': { en: 'No credit notes in {year}.', de: 'Keine Gutschriften in {year}.' },
  'yearlyStatement.created': { en: 'Created on {date}', de: 'Erstellt am {date}' },
  'yearlyStatement.notFound': { en: 'No credit notes for this trainer in {year}.', de: 'Keine Gutschriften für diesen Trainer in {year}.' },
  'yearlyStatement.yearInvalid': { en: 'must be a year from 2000 to 2999', de: 'muss ein Jahr von 2000 bis 2999 sein' },

  // --- small-business limits (§19 UStG) ----------------------------------------------------------
  'smallBusiness.notice.current_year_near': {
    en: 'Small-business limit: you have been billed {turnover} without VAT in {year} across TrainerPay, {percent} % of the {limit} a small business may turn over in the current year (§19 UStG). Above it, VAT applies from that invoice on: tell your studios in time.',
    de: 'Kleinunternehmergrenze: Über TrainerPay wurden dir {year} bisher {turnover} ohne USt abgerechnet, {percent} % der {limit}, die ein Kleinunternehmer im laufenden Jahr umsetzen darf (§19 UStG). Darüber gilt ab dieser Rechnung die Umsatzsteuer: sag deinen Studios rechtzeitig Bescheid.',
  },
  'smallBusiness.notice.current_year_passed': {
    en: 'Small-business limit passed: you have been billed {turnover} without VAT in {year} across TrainerPay, more than the {limit} of §19 UStG. You are liable for VAT from the invoice that passed it: tell your studios and update your tax data.',
    de: 'Kleinunternehmergrenze überschritten: Über TrainerPay wurden dir {year} {turnover} ohne USt abgerechnet, mehr als die {limit} nach §19 UStG. Ab der Rechnung, mit der die Grenze überschritten wurde, bist du umsatzsteuerpflichtig: sag deinen Studios Bescheid und ändere deine Steuerdaten.',
  },
  'smallBusiness.notice.previous_year_near': {
    en: 'Small-business limit: you were billed {turnover} without VAT in {year} across TrainerPay, {percent} % of the {limit} that decides whether you may bill without VAT next year (§19 UStG).',
    de: 'Kleinunternehmergrenze: Über TrainerPay wurden dir {year} {turnover} ohne USt abgerechnet, {percent} % der {limit}, nach denen sich richtet, ob du im Folgejahr ohne USt abrechnen darfst (§19 UStG).',
  },
  'smallBusiness.notice.previous_year_passed': {
    en: 'Small-business limit: you were billed {turnover} without VAT in {year} across TrainerPay, more than the {limit} of §19 UStG: from {nextYear} you can no longer bill without VAT. Tell your studios and update your tax data.',
    de: 'Kleinunternehmergrenze: Über TrainerPay wurden dir {year} {turnover} ohne USt abgerechnet, mehr als die {limit} nach §19 UStG: Ab {nextYear} kannst du nicht mehr ohne USt abrechnen. Sag deinen Studios Bescheid und ändere deine Steuerdaten.',
  },
  'smallBusiness.confirmRequired': {
    en: 'Billing {trainers} without VAT passes the small-business limit of 100,000 € this year (§19 UStG). Confirm that you bill them without VAT anyway.',
    de: 'Die Abrechnung von {trainers} ohne USt überschreitet die Kleinunternehmergrenze von 100.000 € in diesem Jahr (§19 UStG). Bestätige, dass du trotzdem ohne USt abrechnest.',
  },
  'smallBusiness.confirmedLog': {
    en: 'Small-business limit passed, billed without VAT on the admin\'s confirmation: {trainers}',
    de: 'Kleinunternehmergrenze überschritten, auf Bestätigung des Admins ohne USt abgerechnet: {trainers}',
  },
});
