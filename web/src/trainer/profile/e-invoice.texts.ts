// Texts of the trainer's e-invoice setting, registered as `eInvoiceProfile` in en.ts / de.ts.
export const eInvoiceProfileEn = {
  downloadXRechnung: 'XRechnung',
  label: 'Credit notes by e-mail as',
  description: 'From 2027 a business may ask for its invoices as structured e-invoices. Choose what your accounting needs.',
  formats: { pdf: 'PDF', hybrid: 'PDF with embedded e-invoice (ZUGFeRD/Factur-X)', xrechnung: 'XRechnung (XML)' },
  hints: {
    pdf: 'The credit note to read and print.',
    hybrid: 'The same PDF; accounting software also reads the e-invoice inside it (EN 16931).',
    xrechnung: 'The e-invoice in the German XRechnung format, with the PDF to read.',
  },
};

export const eInvoiceProfileDe: typeof eInvoiceProfileEn = {
  downloadXRechnung: 'XRechnung',
  label: 'Gutschriften per E-Mail als',
  description: 'Ab 2027 kann ein Unternehmen seine Rechnungen als strukturierte E-Rechnung verlangen. Wähle, was deine Buchhaltung braucht.',
  formats: { pdf: 'PDF', hybrid: 'PDF mit eingebetteter E-Rechnung (ZUGFeRD/Factur-X)', xrechnung: 'XRechnung (XML)' },
  hints: {
    pdf: 'Die Gutschrift zum Lesen und Drucken.',
    hybrid: 'Dasselbe PDF; Buchhaltungsprogramme lesen zusätzlich die darin enthaltene E-Rechnung (EN 16931).',
    xrechnung: 'Die E-Rechnung im deutschen Format XRechnung, dazu das PDF zum Lesen.',
  },
};
