import { electronicFormatIBAN } from 'ibantools';
import type { TTrainerAccount } from '../../../../contracts/trainer-account.contract';
import { emailAsksCurrentPassword } from './CurrentPasswordField';

/**
 * Whether values typed in a form change what asks for the current password: a new e-mail address
 * (the log-in address once confirmed) or a different IBAN (where the payouts go). The API decides
 * the same way (needsCurrentPassword in api/routes/trainer-account).
 */
export function asksCurrentPassword(values: { email?: string; trainerIban?: string }, account: TTrainerAccount): boolean {
  if (emailAsksCurrentPassword(values, account)) return true;
  return values.trainerIban !== undefined && (electronicFormatIBAN(values.trainerIban) ?? '') !== account.trainerIban;
}
