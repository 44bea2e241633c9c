import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParsedHundredths } from './amounts';

type Reason = Extract<ParsedHundredths, { ok: false }>['reason'];

/** Why a typed amount cannot be read, in the page's language, with an example in its number style. */
export function useAmountError() {
  const { t } = useTranslation();
  return useCallback(
    (reason: Reason, unit: 'euro' | 'percent') => {
      if (reason === 'negative') return t('masterData.amounts.negative');
      if (reason === 'tooManyDecimals') return t('masterData.amounts.tooManyDecimals');
      if (reason === 'tooLarge') return t('masterData.amounts.tooLarge');
      return unit === 'euro' ? t('masterData.amounts.invalidEuro') : t('masterData.amounts.invalidPercent');
    },
    [t],
  );
}
