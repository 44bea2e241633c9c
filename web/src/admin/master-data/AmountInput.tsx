import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../shared/hooks/use-locale';
import { formatHundredthsForInput, formatPercentForInput, parseHundredths } from './amounts';

type AmountInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> & {
  /** The text as typed; the page parses it on submit and keeps it on an error. */
  value: string;
  onChange: (text: string) => void;
  unit: 'euro' | 'percent';
};

/**
 * A euro (or percent) amount typed as text in the page's style (12,50 / 12.50). On leaving the field a
 * readable amount is written back in its canonical form; anything unreadable is left as typed.
 */
export function AmountInput({ value, onChange, unit, ...props }: AmountInputProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      rightSection={<span aria-hidden="true">{unit === 'euro' ? '€' : '%'}</span>}
      rightSectionPointerEvents="none"
      placeholder={unit === 'euro' ? t('masterData.amounts.euroPlaceholder') : t('masterData.amounts.percentPlaceholder')}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => {
        const parsed = parseHundredths(value, locale);
        if (!parsed.ok || parsed.value === null) return;
        onChange(unit === 'euro' ? formatHundredthsForInput(parsed.value, locale) : formatPercentForInput(parsed.value, locale));
      }}
    />
  );
}
