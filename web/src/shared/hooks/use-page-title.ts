import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to '{page} · TrainerPay'. */
export function usePageTitle(page: string) {
  const { t } = useTranslation();
  const title = t('app.pageTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
