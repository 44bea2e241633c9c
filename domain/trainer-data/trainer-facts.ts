// A trainer's names and the personal data a settlement freezes (the credit note prints the snapshot,
// not the live record, so a later address change does not alter a prepared month).

export type TrainerNames = { firstname?: string | null; lastname?: string | null; companyName?: string | null; sourceId?: string | null };

/** The person's name ('Anna Beispiel'); without one the company, then the source id: never an empty cell. */
export function trainerName(trainer: TrainerNames): string {
  const name = [trainer.firstname, trainer.lastname].filter((part) => part && part.trim()).join(' ').trim();
  return name || trainer.companyName?.trim() || trainer.sourceId || '?';
}

/** What screens show for a trainer: the company name, else the person's name (spec 2.4). */
export function trainerDisplayName(trainer: TrainerNames): string {
  return trainer.companyName?.trim() || trainerName(trainer);
}

/** A trainer's address, bank and tax data: what a credit note prints and pays with (mirrors the Trainer entity). */
export type TrainerBillingData = {
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  iban: string | null;
  bic: string | null;
  taxNumber: string | null;
  taxNumberMandatory: boolean;
  vatId: string | null;
  vatLiable: boolean;
};

export type TrainerSnapshot = {
  uuid: string;
  id: number;
  sourceId: string;
  firstname: string | null;
  lastname: string | null;
  companyName: string | null;
  email: string | null;
} & TrainerBillingData;

type Nullable<T> = { [K in keyof T]: null extends T[K] ? T[K] | undefined : T[K] };

/** The billing data of a trainer record, every unset field as null. */
export function trainerBillingDataOf(trainer: Nullable<TrainerBillingData>): TrainerBillingData {
  return {
    street: trainer.street ?? null,
    houseNumber: trainer.houseNumber ?? null,
    postalCode: trainer.postalCode ?? null,
    city: trainer.city ?? null,
    country: trainer.country ?? null,
    iban: trainer.iban ?? null,
    bic: trainer.bic ?? null,
    taxNumber: trainer.taxNumber ?? null,
    taxNumberMandatory: trainer.taxNumberMandatory,
    vatId: trainer.vatId ?? null,
    vatLiable: trainer.vatLiable,
  };
}

export function trainerSnapshot(trainer: Nullable<TrainerSnapshot>): TrainerSnapshot {
  return {
    uuid: trainer.uuid,
    id: trainer.id,
    sourceId: trainer.sourceId,
    firstname: trainer.firstname ?? null,
    lastname: trainer.lastname ?? null,
    companyName: trainer.companyName ?? null,
    email: trainer.email ?? null,
    ...trainerBillingDataOf(trainer),
  };
}
