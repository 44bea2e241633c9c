import { Badge, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client';

/** What a master-data grid shows before its data: a spinner while loading, the reason when loading failed. */
export function GridLoadState({ query, loadingHeight }: { query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>; loadingHeight: number }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center h={loadingHeight}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!query.isError) return null;
  return (
    <Center h={300}>
      <Stack align="center" gap="xs">
        <Badge color="red" variant="filled" size="lg" tt="none">
          {t('masterData.common.loadError')}
        </Badge>
        <Text size="sm" c="dimmed">
          {errorMessage(query.error)}
        </Text>
      </Stack>
    </Center>
  );
}
