// Texts of the accountant's hand-off screens (DATEV settings, small-business limits in the billing step, the
// yearly statement on the admin's trainer page and the portal), registered as `accountingHandoff` in en.ts and de.ts.

export const accountingHandoffEn = {
  datev: {
    title: 'DATEV export',
    description:
      'Each credit-note run writes a DATEV booking batch (EXTF) and the trainers as creditors, for your accountant’s DATEV import. The numbers come from your accountant.',
    enabled: 'Write DATEV files',
    chart: 'Chart of accounts',
    consultantNumber: 'Consultant number (Beraternummer)',
    clientNumber: 'Client number (Mandantennummer)',
    fiscalYearStart: 'Fiscal year starts in',
    expenseAccount: 'Expense account of the fees',
    expenseAccountHint: 'e.g. {{account}} “Fremdleistungen” in {{chart}}; its digits are the account length',
    creditorRangeStart: 'First creditor account',
    creditorRangeEnd: 'Last creditor account',
    creditorRangeHint: 'Each trainer gets a creditor account of their own in this range, one digit longer than the expense account.',
    notSetHint: 'Without these settings the run’s DATEV file is marked “not set”; everything else is made as usual.',
    save: 'Save DATEV settings',
    saved: 'DATEV settings saved.',
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  smallBusiness: {
    title: 'Small-business limit (§19 UStG)',
    description:
      'Trainers billed without VAT, with what TrainerPay billed them this year and last year across all studio groups, including this billing. From 2025 the limits are {{previous}} in the previous year and {{current}} in the current year.',
    trainer: 'Trainer',
    previousYear: 'Billed {{year}}',
    currentYear: 'Billed {{year}} incl. this billing',
    status: 'Status',
    levels: { near: 'near the limit', passed: 'limit passed' },
    blocking:
      '{{count}} trainer(s) pass the {{current}} limit of the current year with this billing. From that invoice on they are liable for VAT: correct their tax data, or confirm that you bill them without VAT anyway.',
    confirm: 'I have checked it: bill these trainers without VAT anyway',
    none: 'No trainer billed without VAT is near a limit.',
  },
  yearlyStatement: {
    title: 'Yearly statements',
    description: 'Every credit note and cancellation of a year with net, VAT and gross, as a PDF.',
    download: 'Statement {{year}}',
    none: 'No credit notes yet.',
    failed: 'The statement could not be downloaded.',
  },
};

export const accountingHandoffDe: typeof accountingHandoffEn = {
  datev: {
    title: 'DATEV-Export',
    description:
      'Jeder Gutschriftenlauf schreibt einen DATEV-Buchungsstapel (EXTF) und die Trainer als Kreditoren, für den DATEV-Import deines Steuerbüros. Die Nummern bekommst du von dort.',
    enabled: 'DATEV-Dateien schreiben',
    chart: 'Kontenrahmen',
    consultantNumber: 'Beraternummer',
    clientNumber: 'Mandantennummer',
    fiscalYearStart: 'Wirtschaftsjahr beginnt im',
    expenseAccount: 'Aufwandskonto der Honorare',
    expenseAccountHint: 'z. B. {{account}} „Fremdleistungen“ im {{chart}}; seine Ziffern sind die Sachkontenlänge',
    creditorRangeStart: 'Erstes Kreditorenkonto',
    creditorRangeEnd: 'Letztes Kreditorenkonto',
    creditorRangeHint: 'Jeder Trainer bekommt in diesem Bereich ein eigenes Kreditorenkonto, eine Ziffer länger als das Aufwandskonto.',
    notSetHint: 'Ohne diese Einstellungen ist die DATEV-Datei des Laufs „nicht eingestellt“; alles andere entsteht wie gewohnt.',
    save: 'DATEV-Einstellungen speichern',
    saved: 'DATEV-Einstellungen gespeichert.',
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  },
  smallBusiness: {
    title: 'Kleinunternehmergrenze (§19 UStG)',
    description:
      'Trainer, die ohne USt abgerechnet werden, mit dem, was TrainerPay ihnen in diesem und im letzten Jahr über alle Studiogruppen abgerechnet hat, diese Abrechnung eingeschlossen. Seit 2025 gelten {{previous}} im Vorjahr und {{current}} im laufenden Jahr.',
    trainer: 'Trainer',
    previousYear: 'Abgerechnet {{year}}',
    currentYear: 'Abgerechnet {{year}} inkl. dieser Abrechnung',
    status: 'Status',
    levels: { near: 'nahe an der Grenze', passed: 'Grenze überschritten' },
    blocking:
      '{{count}} Trainer überschreiten mit dieser Abrechnung die Grenze von {{current}} im laufenden Jahr. Ab dieser Rechnung sind sie umsatzsteuerpflichtig: korrigiere ihre Steuerdaten oder bestätige, dass du trotzdem ohne USt abrechnest.',
    confirm: 'Geprüft: diese Trainer trotzdem ohne USt abrechnen',
    none: 'Kein Trainer ohne USt ist nahe an einer Grenze.',
  },
  yearlyStatement: {
    title: 'Jahresübersichten',
    description: 'Alle Gutschriften und Stornobelege eines Jahres mit Netto, USt und Brutto, als PDF.',
    download: 'Übersicht {{year}}',
    none: 'Noch keine Gutschriften.',
    failed: 'Die Übersicht konnte nicht geladen werden.',
  },
};
