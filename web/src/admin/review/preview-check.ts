import type { TApprovalEntry, TApprovalValue, TCreditNoteRow, TPreviewCheckResponse, TPreviewCheckTrainer } from '../../../../contracts/review.contract';

// Pure rules of the preview check page (spec 2.10, 3 "Credit note info", 4 "Company approval toggle").

/** The current state of an approval: the first (newest) entry, or none when never toggled ('false'). */
export function currentApproval(value: TApprovalValue | TApprovalEntry[] | undefined): TApprovalEntry | null {
  if (!value || value === 'false') return null;
  return value[0] ?? null;
}

/** The location approvals of a preview, keyed by studio uuid. */
export function locationApproval(value: 'false' | Record<string, TApprovalEntry[]>, studioUuid: string): TApprovalEntry | null {
  if (value === 'false') return null;
  return value[studioUuid]?.[0] ?? null;
}

export type LocationGroup = { studioUuid: string; studioName: string; rows: TCreditNoteRow[] };

/** Class rows under one sub-header per location, in the order the server sent them (admin rows last). */
export function groupRowsByLocation(rows: readonly TCreditNoteRow[]): LocationGroup[] {
  const groups: LocationGroup[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.studioUuid === row.studio_uuid) last.rows.push(row);
    else groups.push({ studioUuid: row.studio_uuid, studioName: row.studio_name, rows: [row] });
  }
  return groups;
}

export type LocationWithTrainers = { uuid: string; name: string; trainers: TPreviewCheckTrainer[] };

/** The left column: locations whose name matches the search (case-insensitive), each with its trainers. */
export function locationsWithTrainers(data: TPreviewCheckResponse | undefined, search: string): LocationWithTrainers[] {
  if (!data) return [];
  const needle = search.trim().toLocaleLowerCase();
  return data.locations
    .filter((location) => !needle || location.location_name.toLocaleLowerCase().includes(needle))
    .map((location) => ({
      uuid: location.location_uuid,
      name: location.location_name,
      trainers: data.trainers
        .filter((trainer) => trainer.location_uuid === location.location_uuid)
        .sort((a, b) => a.trainer_company_name.localeCompare(b.trainer_company_name)),
    }));
}

/** Distinct trainers of the list (a trainer teaching at two locations is listed twice). */
export function distinctTrainers(trainers: readonly TPreviewCheckTrainer[]): TPreviewCheckTrainer[] {
  const seen = new Map<string, TPreviewCheckTrainer>();
  for (const trainer of trainers) if (!seen.has(trainer.trainer_uuid)) seen.set(trainer.trainer_uuid, trainer);
  return [...seen.values()];
}

/** 'Approve all': every listed trainer the company has not approved yet. */
export const trainersToApprove = (trainers: readonly TPreviewCheckTrainer[]) => distinctTrainers(trainers).filter((trainer) => trainer.approved_by_company !== 'true');
