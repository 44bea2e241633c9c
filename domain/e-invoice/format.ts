// What a trainer receives with the credit-note e-mail (their profile's setting): the plain view
// (pdf), the hybrid PDF with the e-invoice inside (hybrid, the default: every PDF we store is one),
// or the XRechnung XML for an accounting system that takes the German CIUS (xrechnung). From 2027
// a business receiving a Gutschrift may ask for a structured e-invoice; this is how it asks.
export const E_INVOICE_FORMATS = ['pdf', 'hybrid', 'xrechnung'] as const;
export type EInvoiceFormat = (typeof E_INVOICE_FORMATS)[number];
export const DEFAULT_E_INVOICE_FORMAT: EInvoiceFormat = 'hybrid';
