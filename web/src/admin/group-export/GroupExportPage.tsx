import { Alert, Badge, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_EXPORT_SECTIONS, type TGroupExport, type TGroupExportSection, type TGroupExportStatus } from '../../../../contracts/group-export.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatSettlementTime } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { downloadGroupExport, useGroupExportLiveUpdates, useGroupExports, useStartGroupExport } from './api';
import { IconDownload } from './icons';

const STATUS_COLOR: Record<TGroupExportStatus, string> = { running: 'blue', done: 'green', failed: 'red', expired: 'gray' };

/** 1234567 → "1.2 MB" (de "1,2 MB"): the size of a ZIP, as a file manager shows it. */
function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

const isSection = (value: string | null): value is TGroupExportSection => (GROUP_EXPORT_SECTIONS as readonly (string | null)[]).includes(value);

function ExportCard({ item, studioGroupUuid }: { item: TGroupExport; studioGroupUuid: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const created = formatSettlementTime(item.createdAt, locale);
  return (
    <Card withBorder padding="md" radius="md" data-testid="group-export-item" data-status={item.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={0}>
            <Text fw={600}>{created}</Text>
            <Text size="sm" c="dimmed">
              {t('groupExport.requestedBy', { name: item.requestedBy.name || item.requestedBy.email })}
            </Text>
          </Stack>
          <Badge color={STATUS_COLOR[item.status]} variant="light" data-testid="group-export-status">
            {t(`groupExport.status.${item.status}`)}
          </Badge>
        </Group>
        {item.status === 'running' && (
          <Stack gap={4}>
            <Progress
              value={(100 * item.sectionsDone) / Math.max(1, item.sectionsTotal)}
              aria-label={t('groupExport.progress', { done: item.sectionsDone, total: item.sectionsTotal })}
              animated
            />
            <Text size="sm" data-testid="group-export-progress">
              {t('groupExport.progress', { done: item.sectionsDone, total: item.sectionsTotal })}
              {isSection(item.currentSection) ? ` · ${t('groupExport.currentSection', { section: t(`groupExport.sections.${item.currentSection}`) })}` : ''}
            </Text>
          </Stack>
        )}
        {item.status === 'done' && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">
              {item.sizeBytes !== null ? formatBytes(item.sizeBytes, locale) : ''} · {t('groupExport.files', { count: item.filesDone })}
              {item.expiresAt ? ` · ${t('groupExport.expiresAt', { date: formatSettlementTime(item.expiresAt, locale) })}` : ''}
            </Text>
            {item.downloadPath && (
              <Button
                leftSection={<IconDownload />}
                variant="light"
                data-testid="group-export-download"
                aria-label={t('groupExport.downloadLabel', { date: created })}
                onClick={() => {
                  setDownloadError(null);
                  downloadGroupExport(studioGroupUuid, item.downloadPath!).catch((error: unknown) => setDownloadError(errorMessage(error)));
                }}
              >
                {t('groupExport.download')}
              </Button>
            )}
          </Group>
        )}
        {item.status === 'failed' && item.error && (
          <Text size="sm" c="red.8" data-testid="group-export-error">
            {item.error}
          </Text>
        )}
        {downloadError && (
          <Alert color="red" icon={<IconAlert />} role="alert">
            {downloadError}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/**
 * `/:locale/admin/export`: "Export all data" — start an export of the whole studio group, follow
 * its progress live (the group's socket room says when to read again) and download finished ZIPs.
 */
export function GroupExportPage() {
  const { t } = useTranslation();
  const { current } = useCurrentStudioGroup();
  const studioGroupUuid = current!.uuid;
  const exports = useGroupExports(studioGroupUuid);
  const start = useStartGroupExport(studioGroupUuid);
  useGroupExportLiveUpdates(studioGroupUuid);
  const running = exports.data?.exports.some((item) => item.status === 'running') ?? false;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('groupExport.title')}
        description={t('groupExport.description')}
        actions={
          <Button onClick={() => start.mutate()} loading={start.isPending} disabled={running} data-testid="group-export-start">
            {start.isPending ? t('groupExport.starting') : t('groupExport.start')}
          </Button>
        }
      />
      {start.error && (
        <Alert color="red" icon={<IconAlert />} role="alert">
          {errorMessage(start.error)}
        </Alert>
      )}
      {running && (
        <Alert color="blue" icon={<IconInfo />} data-testid="group-export-running">
          {t('groupExport.running')}
        </Alert>
      )}
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('groupExport.listTitle')}
        </Title>
        {exports.data && <Text size="sm" c="dimmed">{t('groupExport.retention', { days: exports.data.retentionDays })}</Text>}
        {exports.isPending && <Loader size="sm" aria-label={t('groupExport.listTitle')} />}
        {exports.error && (
          <Alert color="red" icon={<IconAlert />} role="alert">
            {errorMessage(exports.error)}
          </Alert>
        )}
        {exports.data && exports.data.exports.length === 0 && <Text c="dimmed">{t('groupExport.empty')}</Text>}
        {exports.data?.exports.map((item) => <ExportCard key={item.exportUuid} item={item} studioGroupUuid={studioGroupUuid} />)}
      </Stack>
    </Stack>
  );
}
