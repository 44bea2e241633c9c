import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { renderYearlyStatementPdf, type YearlyStatementParty, type YearlyStatementRow } from '../../../domain/accounting/yearly-statement';
import { creditNoteTotals, ZCreditNoteDocument } from '../../../domain/credit-notes';
import type { Locale } from '../../../domain/messages';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { CREDIT_NOTE_DOCUMENT_COLUMNS, type CreditNoteDocumentSql } from '../../../db/queries/credit-note-documents';
import { notFound } from '../../http/errors';

// A trainer record's yearly statement in its studio group: every credit note and
// cancellation issued in the year, from the stored documents (the same amounts the PDFs and the
// SEPA files carry), as a PDF for the trainer (portal) and for staff (admin trainer page).

type StatementRow = CreditNoteDocumentSql & { service_month: string };

/** The years with a document of the trainer record in the group, newest first. */
export async function statementYears(em: EntityManager, trainerId: number): Promise<number[]> {
  const rows = await em.getConnection().execute<Array<{ year: number }>>(
    'select distinct extract(year from issue_date)::int as year from credit_note where trainer_id = ? order by year desc',
    [trainerId],
  );
  return rows.map((row) => Number(row.year));
}

export async function yearlyStatementPdf(
  em: EntityManager,
  { trainer, studioGroup, year, locale }: { trainer: { id: number; firstname?: string | null; lastname?: string | null; companyName?: string | null; sourceId: string; street?: string | null; houseNumber?: string | null; postalCode?: string | null; city?: string | null; taxNumber?: string | null; vatId?: string | null }; studioGroup: { name: string; companyName: string; street: string; houseNumber: string; postalCode: string; city: string; taxNumber?: string | null; vatId?: string | null }; year: number; locale: Locale },
): Promise<{ pdf: Buffer; fileName: string; rows: YearlyStatementRow[] }> {
  const rows = await em.getConnection().execute<StatementRow[]>(
    `select ${CREDIT_NOTE_DOCUMENT_COLUMNS}, to_char(s.month, 'YYYY-MM-DD') as service_month
       from credit_note cn join settlement_run r on r.id = cn.settlement_run_id join settlement s on s.id = r.settlement_id
      where cn.trainer_id = ? and cn.issue_date >= make_date(?::int, 1, 1) and cn.issue_date < make_date(?::int + 1, 1, 1)
      order by cn.issue_date, cn.number`,
    [trainer.id, year, year],
  );
  if (rows.length === 0) throw notFound('yearlyStatement.notFound', { year });
  let recipient: YearlyStatementParty | null = null;
  const statementRows = rows.map((row): YearlyStatementRow => {
    const parsed = ZCreditNoteDocument.safeParse(row.document);
    const document = parsed.success ? parsed.data : null;
    if (document) recipient = document.recipient; // the newest document's data: what the trainer's last note said
    const byRate = document
      ? creditNoteTotals(document).byRate
      : [{ vatRateBasisPoints: row.vat_cents === 0 ? 0 : Math.round((row.vat_cents * 10_000) / (row.net_cents || 1)), netCents: row.net_cents, vatCents: row.vat_cents, grossCents: row.gross_cents }];
    return {
      number: row.number,
      documentType: row.document_type,
      cancelsNumber: document?.cancelsNumber ?? null,
      issueDate: row.issue_date,
      serviceMonth: document?.serviceMonth ?? row.service_month,
      netCents: row.net_cents,
      vatCents: row.vat_cents,
      grossCents: row.gross_cents,
      byRate,
    };
  });
  const trainerParty: YearlyStatementParty = recipient ?? {
    name: trainerDisplayName({ companyName: trainer.companyName, firstname: trainer.firstname, lastname: trainer.lastname, sourceId: trainer.sourceId }),
    street: trainer.street,
    houseNumber: trainer.houseNumber,
    postalCode: trainer.postalCode,
    city: trainer.city,
    taxNumber: trainer.taxNumber,
    vatId: trainer.vatId,
  };
  const pdf = await renderYearlyStatementPdf({
    year,
    locale,
    studioGroup: { ...studioGroup, name: studioGroup.companyName },
    trainer: trainerParty,
    rows: statementRows,
    createdOn: DateTime.now().setZone('Europe/Berlin').toISODate()!,
  });
  const slug = trainerParty.name.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '') || 'trainer';
  return { pdf, fileName: `${locale === 'de' ? 'Jahresuebersicht' : 'yearly-statement'}-${year}-${slug}.pdf`, rows: statementRows };
}
