import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useLocale } from '../../shared/hooks/use-locale';
import { INTL_LOCALE } from '../../shared/i18n/locales';

/** Countries a studio group's trainers usually live in (ISO 3166-1 alpha-2); a stored other code is added. */
const COMMON_COUNTRIES = ['DE', 'AT', 'CH', 'NL', 'BE', 'LU', 'FR', 'DK', 'PL', 'CZ', 'IT', 'ES', 'PT', 'SE', 'GB', 'IE'];

/** A country picker that stores the two-letter code and shows the name in the page's language. */
export function CountrySelect({ value, onChange, ...props }: Omit<SelectProps, 'data' | 'value' | 'onChange'> & { value: string; onChange: (code: string) => void }) {
  const locale = useLocale();
  const data = useMemo(() => {
    const names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: 'region' });
    const codes = value && !COMMON_COUNTRIES.includes(value) ? [...COMMON_COUNTRIES, value] : COMMON_COUNTRIES;
    return codes.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
  }, [locale, value]);
  return <Select searchable allowDeselect={false} data={data} value={value || null} onChange={(code) => code && onChange(code)} {...props} />;
}
