import type { TrainerDataInput } from '../../domain/trainer-data';

// A trainer's billing data as the screens that check it select it (the select-trainer screen, the
// data check, the preview check): the columns of `trainer t`, their row type and the completeness
// check's input made from them, so the screens cannot disagree on what "complete" reads.

/** The fields the completeness check reads (domain/trainer-data), of `trainer t`. */
export const TRAINER_DATA_COLUMNS = 't.street, t.house_number, t.postal_code, t.city, t.iban, t.tax_number, t.tax_number_mandatory, t.vat_id';

export type TrainerDataSql = {
  street: string | null;
  house_number: string | null;
  postal_code: string | null;
  city: string | null;
  iban: string | null;
  tax_number: string | null;
  tax_number_mandatory: boolean;
  vat_id: string | null;
};

/** A trainer's keys and the names the screens show (trainerDisplayName), of `trainer t`. */
export const TRAINER_IDENTITY_COLUMNS = 't.id, t.uuid, t.source_id, t.firstname, t.lastname, t.company_name';

export type TrainerIdentitySql = {
  id: number;
  uuid: string;
  source_id: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
};

/** A trainer record with its names, its billing data and whether payroll pays them, of `trainer t`. */
export const TRAINER_RECORD_COLUMNS = `${TRAINER_IDENTITY_COLUMNS}, ${TRAINER_DATA_COLUMNS}, t.is_employee`;

export type TrainerRecordSql = TrainerIdentitySql & TrainerDataSql & { is_employee: boolean };

/**
 * The completeness check's input from a selected row. With a settlement's snapshot (what the credit
 * note prints), a field the snapshot holds, even as null, wins over the live record.
 */
export function trainerDataOf(row: TrainerDataSql, snapshot: Partial<TrainerDataInput> = {}): TrainerDataInput {
  const frozen = <T>(value: T | undefined, live: T) => (value !== undefined ? value : live);
  return {
    street: frozen(snapshot.street, row.street),
    houseNumber: frozen(snapshot.houseNumber, row.house_number),
    postalCode: frozen(snapshot.postalCode, row.postal_code),
    city: frozen(snapshot.city, row.city),
    iban: frozen(snapshot.iban, row.iban),
    taxNumber: frozen(snapshot.taxNumber, row.tax_number),
    taxNumberMandatory: snapshot.taxNumberMandatory ?? row.tax_number_mandatory,
    vatId: frozen(snapshot.vatId, row.vat_id),
  };
}
