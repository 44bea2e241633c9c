export {
  buildCreditNoteCii,
  ciiAmount,
  CII_NAMESPACES,
  FACTUR_X_EN16931_GUIDELINE,
  SMALL_BUSINESS_EXEMPTION_REASON,
  TYPE_CODE,
  XRECHNUNG_BUSINESS_PROCESS,
  XRECHNUNG_GUIDELINE,
  type TEInvoiceContacts,
  type TEInvoiceSyntax,
} from './cii';
export { eInvoiceProblems, isEInvoiceVatId, type EInvoiceProblem } from './problems';
export { DEFAULT_E_INVOICE_FORMAT, E_INVOICE_FORMATS, type EInvoiceFormat } from './format';
export { xrechnungFileName, xrechnungFilePath } from './files';
