import { isMessageKey, translate, type MessageKey } from '../messages';

/** The ISO 20022 reason codes TrainerPay explains in plain words (the others get a general text naming the code). */
export const REASON_CODES = [
  'AC01', 'AC02', 'AC03', 'AC04', 'AC06', 'AC13', 'AG01', 'AG02', 'AM02', 'AM04', 'AM05', 'AM09', 'BE01', 'BE04', 'BE05', 'CNOR',
  'CURR', 'CUST', 'DNOR', 'DUPL', 'ERIN', 'FF01', 'FOCR', 'FRAD', 'MD07', 'MS02', 'MS03', 'NARR', 'RC01', 'RR01', 'RR02', 'RR03',
  'RR04', 'SL01', 'TECH', 'TM01', 'UPAY',
] as const;

/** The catalogue key of a reason code's plain-language text, with its parameters (for messages stored and shown later). */
export function reasonMessage(code: string | null): { key: MessageKey; params: { code: string } } {
  const normalized = (code ?? '').trim().toUpperCase();
  if (!normalized) return { key: 'bankReason.none', params: { code: '' } };
  const key = `bankReason.${normalized}`;
  return isMessageKey(key) ? { key, params: { code: normalized } } : { key: 'bankReason.unknown', params: { code: normalized } };
}

/** What a rejection or return reason means for the trainer, in their language: 'AC04' → 'The account has been closed — please check your IBAN.' */
export function reasonText(code: string | null, locale: string): string {
  const { key, params } = reasonMessage(code);
  return translate(locale, key, params);
}
