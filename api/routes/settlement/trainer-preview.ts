import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { Settlement } from '../../../db/entities';
import { trainerLinesWithStudio, type TrainerLineWithStudio } from '../../../db/queries/settlement-lines';
import { settlementTrainerIdOf } from '../../../db/queries/settlement-trainers';
import { translate, type Locale } from '../../../domain/messages';
import { escapeHtml } from '../../../domain/html';
import { formatEuro } from '../../../domain/money';

// The preview table of one trainer's prepared lines (GET /trainer-invoice/preview/...): what the
// trainer summary grid's row click shows. Every value is escaped: names and descriptions come from
// the source system and from admins.

export { escapeHtml };

/** What a preview table reads of a line (the unit tests build these by hand). */
export type PreviewLine = Omit<TrainerLineWithStudio, 'settlement_trainer_id' | 'class_hash' | 'class_starts_at'> & { class_starts_at: Date | string | null };

export async function previewLines(em: EntityManager, settlement: Settlement, trainerId: number): Promise<PreviewLine[] | null> {
  const settlementTrainerId = await settlementTrainerIdOf(em, { settlementId: settlement.id, trainerId, preparedOnly: true });
  if (settlementTrainerId === null) return null;
  return trainerLinesWithStudio(em, [settlementTrainerId]);
}

export function renderPreviewTable(lines: PreviewLine[], locale: Locale): string {
  const say = (key: Parameters<typeof translate>[1]) => escapeHtml(translate(locale, key));
  if (lines.length === 0) return `<p class="settlement-preview-empty">${say('settlement.preview.noLines')}</p>`;
  const head = ['date', 'studio', 'class', 'duration', 'bookedSlots', 'net', 'vat', 'gross'] as const;
  const totals = { net: 0, vat: 0, gross: 0 };
  const body = lines.map((line) => {
    totals.net += line.net_cents;
    totals.vat += line.vat_cents;
    totals.gross += line.gross_cents;
    const when = line.class_starts_at ? DateTime.fromJSDate(new Date(line.class_starts_at), { zone: 'Europe/Berlin' }).toFormat('dd.MM.yyyy HH:mm') : '';
    const name = line.kind === 'admin' ? `${translate(locale, 'settlement.preview.administration')}: ${line.description ?? ''}` : line.class_name;
    const cells = [
      when,
      line.studio_name ?? '',
      name,
      line.kind === 'admin' ? '' : String(line.duration_minutes),
      line.kind === 'admin' ? '' : String(line.booked_slots),
      formatEuro(line.net_cents),
      `${formatEuro(line.vat_cents)} (${line.vat_rate_basis_points / 100} %)`,
      formatEuro(line.gross_cents),
    ];
    return `<tr class="settlement-preview-${line.kind}">${cells.map((cell, index) => `<td${index >= 3 ? ' class="num"' : ''}>${escapeHtml(cell)}</td>`).join('')}</tr>`;
  });
  const foot = `<tr><th colspan="5">${say('settlement.preview.total')}</th><th class="num">${escapeHtml(formatEuro(totals.net))}</th><th class="num">${escapeHtml(formatEuro(totals.vat))}</th><th class="num">${escapeHtml(formatEuro(totals.gross))}</th></tr>`;
  return [
    '<table class="settlement-preview">',
    `<thead><tr>${head.map((key) => `<th>${say(`settlement.preview.${key}`)}</th>`).join('')}</tr></thead>`,
    `<tbody>${body.join('')}</tbody>`,
    `<tfoot>${foot}</tfoot>`,
    '</table>',
  ].join('');
}

/** The pseudo studio of admin positions (they have no location), as the preview check names it. */
const ADMIN_CLUB = 'admin';

/**
 * One preview table per studio ("club") of the trainer's lines, by studio name, admin positions
 * last: GET /settlement/trainer-preview/{apiSlug}/{settlementMonth}/{trainerUuid}.
 */
export function renderClubPreviews(lines: PreviewLine[], locale: Locale): Array<{ ClubID: string; studioUuid: string; studioName: string; html: string }> {
  const clubs = new Map<string, { ClubID: string; studioUuid: string; studioName: string; lines: PreviewLine[] }>();
  for (const line of lines) {
    const key = line.studio_uuid ?? ADMIN_CLUB;
    let club = clubs.get(key);
    if (!club) {
      club = line.studio_uuid
        ? { ClubID: line.studio_source_id ?? line.studio_uuid, studioUuid: line.studio_uuid, studioName: line.studio_name ?? '', lines: [] }
        : { ClubID: ADMIN_CLUB, studioUuid: ADMIN_CLUB, studioName: translate(locale, 'settlement.preview.administration'), lines: [] };
      clubs.set(key, club);
    }
    club.lines.push(line);
  }
  return [...clubs.values()]
    .sort((a, b) => Number(a.ClubID === ADMIN_CLUB) - Number(b.ClubID === ADMIN_CLUB) || a.studioName.localeCompare(b.studioName, 'de'))
    .map(({ lines: clubLines, ...club }) => ({ ...club, html: renderPreviewTable(clubLines, locale) }));
}
