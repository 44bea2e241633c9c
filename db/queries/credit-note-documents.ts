// A stored credit note or cancellation as the files and statements made from it read it (DATEV
// booking batch, yearly statement): the document is the single source of its amounts (DESIGN
// "E-invoices"), the columns beside it are what a list needs without parsing it.

/** Of `credit_note cn`; the issue date as YYYY-MM-DD. */
export const CREDIT_NOTE_DOCUMENT_COLUMNS = `cn.number, cn.document_type, to_char(cn.issue_date, 'YYYY-MM-DD') as issue_date, cn.net_cents, cn.vat_cents, cn.gross_cents, cn.document`;

export type CreditNoteDocumentSql = {
  number: string;
  document_type: 'credit_note' | 'cancellation';
  issue_date: string;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  document: unknown;
};
