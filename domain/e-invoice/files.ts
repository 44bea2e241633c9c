// Where a credit note's XRechnung lives and what it is called: beside its PDF, under the PDF's name
// (`credit-notes/{g}/{YYYY-MM}/GS-2026-00042.pdf` → `…/GS-2026-00042.xrechnung.xml`).

export const xrechnungFilePath = (pdfFilePath: string) => pdfFilePath.replace(/\.pdf$/i, '') + '.xrechnung.xml';

/** The file name in the ZIP, in the e-mail and in the download. */
export const xrechnungFileName = (number: string) => `${number}.xrechnung.xml`;
