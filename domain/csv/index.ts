// Every CSV the platform writes (the studio costs, the trainer export, the reports, the DATEV files)
// is opened in a spreadsheet sooner or later, and a spreadsheet runs a cell that starts with '=',
// '+', '-' or '@' as a formula (a tab or a carriage return first hides one): a trainer-typed name
// `=HYPERLINK("http://…")` would become a link to a stranger's page, or worse (OWASP "CSV
// injection"). Such a cell gets a leading apostrophe, which spreadsheets read as "this is text".

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet shows it rather than runs it: an apostrophe before a formula's first character. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
