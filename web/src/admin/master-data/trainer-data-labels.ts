import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainerDataField } from '../../../../domain/trainer-data';

/** Spec 5's words for what keeps a trainer from being billed: 'Street, House no., Postal code, City, IBAN, Tax no.'. */
export function useMissingDataLabels() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (missing: readonly TrainerDataField[]) => missing.map((field) => t(`masterData.trainerData.${field}`)).join(', '),
    // the language is listed on purpose: labels follow a language switch
    [t, i18n.language],
  );
}
