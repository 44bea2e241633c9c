import { Alert, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconAlert } from '../../shared/components/icons';

/**
 * What a trainer's list shows before its rows: a small spinner while loading, the list's message
 * when loading failed. The lists return it while their query is pending or failed.
 */
export function ListLoadState({ query, errorText, errorTestId }: { query: Pick<UseQueryResult, 'isPending'>; errorText: string; errorTestId: string }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    <Alert color="red" icon={<IconAlert />} data-testid={errorTestId}>
      {errorText}
    </Alert>
  );
}
