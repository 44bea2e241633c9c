import { describe, expect, it } from 'vitest';
import { bankFileMessages } from '../messages/bank-file.messages';
import { bankReasonMessages } from '../messages/bank-reason.messages';
import { REASON_CODES, reasonMessage, reasonText } from './index';

describe('reason codes in plain words', () => {
  it('explains the codes that matter for credit transfers, for a trainer, in de and en', () => {
    expect(reasonText('AC04', 'en')).toBe('The account has been closed — please check your IBAN.');
    expect(reasonText('AC04', 'de')).toBe('Das Konto ist aufgelöst – bitte prüfen Sie Ihre IBAN.');
    expect(reasonText(' am04 ', 'en')).toBe("The studio's account did not cover the payment; the studio will pay again.");
    for (const code of REASON_CODES) expect(reasonMessage(code).key, code).toBe(`bankReason.${code}`);
    for (const code of ['AC01', 'AC03', 'AC04', 'AC06', 'AC13', 'AG01', 'AG02', 'AM04', 'AM05', 'BE04', 'CNOR', 'DNOR', 'DUPL', 'FF01', 'MD07', 'MS02', 'MS03', 'RC01', 'RR01', 'RR02', 'RR03', 'RR04', 'TM01', 'CURR', 'ERIN', 'FOCR', 'NARR']) {
      expect(REASON_CODES, code).toContain(code);
    }
  });

  it('falls back to a general text naming an unknown code, and to one for no code', () => {
    expect(reasonText('ZZ99', 'de')).toBe('Die Bank hat die Zahlung zurückgegeben (Grundschlüssel ZZ99). Das Studio prüft das und meldet sich.');
    expect(reasonText(null, 'en')).toBe('The bank sent the payment back without giving a reason. The studio will check it and be in touch.');
    expect(reasonText('AC04', 'es')).toBe('The account has been closed — please check your IBAN.');
  });

  it('has every bank-file text in both languages with the same placeholders', () => {
    const placeholders = (template: string) => [...template.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries({ ...bankFileMessages, ...bankReasonMessages })) {
      expect(text.de.length, key).toBeGreaterThan(0);
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
    }
  });
});
