import { defineMessages } from './catalog';

// The reports (spec admin 2.14): refusals of their date ranges and ids.
export const reportsMessages = defineMessages({
  'report.notCalendarDate': { en: 'must be a calendar date as YYYY-MM-DD', de: 'muss ein Kalenderdatum im Format JJJJ-MM-TT sein' },
  'report.dateEndBeforeStart': { en: 'must not be before dateStart', de: 'darf nicht vor dateStart liegen' },
  'report.rangeTooLong': { en: 'a report covers at most 24 months', de: 'ein Bericht umfasst höchstens 24 Monate' },
  'report.classRangeTooLong': { en: 'the class list covers at most 31 days', de: 'die Kursliste umfasst höchstens 31 Tage' },
  'report.notMonthEnd': { en: 'must be the last day of a month (YYYY-MM-DD)', de: 'muss der letzte Tag eines Monats sein (JJJJ-MM-TT)' },
});
