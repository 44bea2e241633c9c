import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Document, DocumentCategory, StudioGroupTrainer, type StudioGroup } from './entities';
import { storeDocumentBytes } from './document-storage';

// The demo's document categories (a mandatory trainer licence, a first-aid certificate that
// expires, a business registration) and, when the seed knows the data directory (npm start), two
// documents of the demo trainer: an approved business registration and a first-aid certificate that
// expires in 20 days, so the expiry reminder (30 days before) has something to say on the first day.

export const DEMO_DOCUMENT_CATEGORIES = [
  { name: 'Trainerlizenz', description: 'Lizenz oder Zertifikat für die unterrichteten Kurse (Pflicht).', isMandatory: true },
  {
    name: 'Erste-Hilfe-Nachweis',
    description: 'Bescheinigung eines Erste-Hilfe-Kurses; sie gilt zwei Jahre, danach bitte eine neue hochladen.',
    isMandatory: false,
  },
  {
    name: 'Gewerbeanmeldung',
    description: 'Nachweis der selbstständigen Tätigkeit (Gewerbeanmeldung oder Bescheinigung des Finanzamts).',
    isMandatory: false,
  },
] as const;

export function createDemoDocumentCategories(em: EntityManager, studioGroup: StudioGroup): number {
  for (const category of DEMO_DOCUMENT_CATEGORIES) em.create(DocumentCategory, { studioGroup, ...category });
  return DEMO_DOCUMENT_CATEGORIES.length;
}

/** A one-page PDF with a title and a line, as a scanned certificate would be. */
export async function demoPdf(title: string, line: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 60, y: 760, size: 22, font });
  page.drawText(line, { x: 60, y: 720, size: 12, font });
  pdf.setCreationDate(new Date('2026-01-15T09:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-15T09:00:00Z'));
  return pdf.save();
}

export async function createDemoDocuments(em: EntityManager, { studioGroup, dataDir }: { studioGroup: StudioGroup; dataDir: string }) {
  const link = await em.findOne(StudioGroupTrainer, { studioGroup, trainerAccount: { email: 'trainer@demo.test' } }, { populate: ['trainerAccount'] });
  if (!link) return;
  const category = async (name: string) => em.findOneOrFail(DocumentCategory, { studioGroup, name });
  const today = DateTime.now().setZone('Europe/Berlin');
  const documents = [
    { category: 'Gewerbeanmeldung', fileName: 'Gewerbeanmeldung.pdf', title: 'Gewerbeanmeldung', expiresAt: null },
    { category: 'Erste-Hilfe-Nachweis', fileName: 'Erste-Hilfe-Bescheinigung.pdf', title: 'Erste-Hilfe-Bescheinigung', expiresAt: today.plus({ days: 20 }).toISODate() },
  ];
  for (const document of documents) {
    const bytes = await demoPdf(document.title, `${link.trainerAccount.firstname} ${link.trainerAccount.lastname} (Demo)`);
    const { sha256, relativePath } = await storeDocumentBytes(dataDir, bytes);
    em.create(Document, {
      trainerAccount: link.trainerAccount,
      studioGroup,
      category: await category(document.category),
      fileName: document.fileName,
      filePath: relativePath,
      sha256,
      sizeBytes: bytes.byteLength,
      approvalStatus: 'approved',
      approvedAt: today.minus({ days: 2 }).toJSDate(),
      expiresAt: document.expiresAt,
    });
  }
  await em.flush();
}
