import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../hooks/use-locale';
import { APP_LOCALES, isAppLocale, storedLocale, switchLocaleInPath } from '../i18n/locales';

/**
 * de / en / es: the same page in another language (the locale is the URL's first segment). Its hint
 * is the browser's own (title): a Mantine Tooltip would bring floating-ui (~21 KB gzip) into the
 * log-in page's first load, where this switcher is the only thing that floats.
 */
export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <SegmentedControl
      data-testid="language-switcher"
      aria-label={t('language.label')}
      title={t('language.label')}
      size={size}
      radius="md"
      value={locale}
      onChange={(value) => {
        if (!isAppLocale(value) || value === locale) return;
        storedLocale.set(value);
        void navigate(
          { pathname: switchLocaleInPath(location.pathname, value), search: location.search, hash: location.hash },
          { state: location.state },
        );
      }}
      data={APP_LOCALES.map((code) => ({
        value: code,
        // Language codes are identifiers, the same in every language; the full name is the accessible name.
        label: (
          <span aria-label={t(`language.names.${code}`)} title={t(`language.names.${code}`)} data-testid={`language-${code}`}>
            {code.toUpperCase()}
          </span>
        ),
      }))}
    />
  );
}
