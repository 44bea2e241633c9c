import { z } from 'zod';
import { ZTrainerBankData, ZTrainerPersonalData, ZTrainerTaxData, type TTrainerAccount } from '../../../../contracts/trainer-account.contract';

// The personal-data form of the review screen (trainer portal 2, 5): the profile's personal fields
// without phone and language, plus bank and tax data; here IBAN and tax number are required.

const ZRequiredText = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(255, { error: 'trainerAccount.textTooLong' });

export const ZReviewPersonalData = ZTrainerPersonalData.omit({ trainerPhone: true, language: true })
  .extend(ZTrainerBankData.shape)
  .extend(ZTrainerTaxData.shape)
  .extend({ trainerTaxno: ZRequiredText });
export type TReviewPersonalData = z.output<typeof ZReviewPersonalData>;

export type ReviewFormValues = {
  firstname: string;
  lastname: string;
  email: string;
  trainerCompanyName: string;
  trainerStreet: string;
  trainerHouse: string;
  trainerZip: string;
  trainerCity: string;
  trainerLand: string;
  trainerIban: string;
  trainerBic: string;
  istaxrelevant: boolean;
  trainerTaxno: string;
  trainerUstidno: string;
};

export const reviewFormValuesOf = (account: TTrainerAccount): ReviewFormValues => ({
  firstname: account.firstname,
  lastname: account.lastname,
  email: account.email,
  trainerCompanyName: account.trainerCompanyName,
  trainerStreet: account.trainerStreet,
  trainerHouse: account.trainerHouse,
  trainerZip: account.trainerZip,
  trainerCity: account.trainerCity,
  trainerLand: account.trainerLand,
  trainerIban: account.trainerIban,
  trainerBic: account.trainerBic,
  istaxrelevant: account.istaxrelevant,
  trainerTaxno: account.trainerTaxno,
  trainerUstidno: account.trainerUstidno,
});
