import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A loading placeholder that appears only after 200 ms (spec 9), so fast pages do not flicker. */
export function DelayedLoader({ delay = 200, minHeight = 240 }: { delay?: number; minHeight?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), delay);
    return () => window.clearTimeout(timer);
  }, [delay]);
  return (
    <Center mih={minHeight} role="status" aria-live="polite" aria-label={t('common.loading')}>
      {visible && <Loader type="dots" />}
    </Center>
  );
}
