import { Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TImportLogEntry } from '../../../../contracts/import.contract';
import { errorMessage } from '../../shared/api/client';
import { IconImport } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatImportLogTime } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { ImportLogGrid } from './ImportLogGrid';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { useImportLog } from './api';
import { useStudioGroup } from '../shared/api';

/** /:locale/admin/import: the import log of the selected studio group (spec 2.15). */
export function ImportDashboardPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const studioGroup = useStudioGroup(current?.uuid);
  const log = useImportLog({ sourceSystem: studioGroup.data?.sourceSystem, studioGroupId: current?.id });
  const [selected, setSelected] = useState<TImportLogEntry | null>(null);

  const failed = studioGroup.isError || log.isError;
  const loading = !failed && (studioGroup.isPending || log.isPending);
  // The detail box follows the data: an entry of another studio group is not shown.
  const detail = selected && log.data?.some((entry) => entry.uuid === selected.uuid) ? selected : null;

  return (
    <>
      <PageHeader
        title={t('importLog.title')}
        description={t('importLog.description')}
        actions={
          <Button component={Link} to={`/${locale}/admin/import/ondemand`} leftSection={<IconImport />} data-testid="import-new">
            {t('importLog.newImport')}
          </Button>
        }
      />
      <Stack gap="lg">
        <Card p={0} style={{ overflow: 'hidden' }}>
          {loading && (
            <Center h={400} data-testid="import-log-loading">
              <Loader aria-label={t('common.loading')} />
            </Center>
          )}
          {failed && (
            <Center h={400}>
              <Stack align="center" gap="xs">
                <Badge color="red" variant="filled" size="lg" tt="none" data-testid="import-log-error">
                  {t('importLog.loadError')}
                </Badge>
                <Text size="sm" c="dimmed">
                  {errorMessage(studioGroup.error ?? log.error)}
                </Text>
              </Stack>
            </Center>
          )}
          {log.data && !failed && <ImportLogGrid entries={log.data} onSelect={setSelected} />}
        </Card>

        <Card data-testid="import-log-detail" aria-live="polite">
          <Text fw={600} mb="xs">
            {t('importLog.detailTitle')}
          </Text>
          {detail ? (
            <Stack gap={6}>
              <Group gap="xs" c="dimmed" fz="sm">
                <span>{formatImportLogTime(detail.created_dt)}</span>
                <span>·</span>
                <span>{detail.studio_name ?? t('importLog.wholeStudioGroup')}</span>
                <span>·</span>
                <span>{detail.proc}</span>
              </Group>
              <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} ff="monospace" fz="sm" data-testid="import-log-detail-message">
                {detail.message}
              </Text>
            </Stack>
          ) : (
            <Text c="dimmed" size="sm">
              {t('importLog.detailPlaceholder')}
            </Text>
          )}
        </Card>
      </Stack>
    </>
  );
}
