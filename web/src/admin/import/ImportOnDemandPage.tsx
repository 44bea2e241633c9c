import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Input,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  type MantineColor,
} from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MAX_IMPORT_RANGE_DAYS, type TImportStreamMessage } from '../../../../contracts/import.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconArrowLeft, IconInfo, IconPlay } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { daysInRange, lastCompleteMonth, toIsoDate } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useStudioGroup } from '../shared/api';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { StreamMessageLog } from '../shared/StreamMessageLog';
import { importLogQueryKeys, type ImportMode } from './api';
import { CsvUploadCard } from './CsvUploadCard';
import { importProgress } from './import-run';
import { useImportRun } from './use-import-run';

/** Spec 9: back to the import dashboard 2 s after the import finished. */
const REDIRECT_AFTER_FINISH_MS = 2000;

const BADGE_COLOR: Record<TImportStreamMessage['status'], MantineColor> = {
  error: 'red',
  success: 'green',
  info: 'blue',
  config: 'gray',
  finished_club: 'teal',
  finished_studiogroup: 'green',
};
const FILLED: TImportStreamMessage['status'][] = ['finished_studiogroup'];

/** /:locale/admin/import/ondemand: import or update the classes of a date range (spec 2.16). */
export function ImportOnDemandPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { current } = useCurrentStudioGroup();
  const studioGroup = useStudioGroup(current?.uuid);
  const { state, start, follow, joinError } = useImportRun();

  const [range, setRange] = useState<DatesRangeValue<string>>(() => {
    const month = lastCompleteMonth();
    return [month.start, month.end];
  });
  const [mode, setMode] = useState<ImportMode>('import');

  const active = state.phase === 'starting' || state.phase === 'running';
  const [dateStart, dateEnd] = range;
  const rangeError = !dateStart || !dateEnd
    ? t('importRun.rangeIncomplete')
    : daysInRange(dateStart, dateEnd) > MAX_IMPORT_RANGE_DAYS
      ? t('importRun.rangeTooLong', { days: MAX_IMPORT_RANGE_DAYS })
      : null;
  const sourceSystem = studioGroup.data?.sourceSystem;

  // A reloaded page (or a link from another tab) follows the running import through its socket room.
  const followUuid = searchParams.get('import');
  useEffect(() => {
    if (followUuid && state.phase === 'idle') follow(followUuid);
  }, [followUuid, state.phase, follow]);

  // Put the run into the URL as soon as it is known, so a reload can pick it up again.
  useEffect(() => {
    if (state.importUuid && followUuid !== state.importUuid) {
      setSearchParams({ import: state.importUuid }, { replace: true });
    }
  }, [state.importUuid, followUuid, setSearchParams]);

  useEffect(() => {
    if (state.phase !== 'finished') return;
    void queryClient.invalidateQueries({ queryKey: importLogQueryKeys.all });
    const timer = window.setTimeout(() => navigate(`/${locale}/admin/import`), REDIRECT_AFTER_FINISH_MS);
    return () => window.clearTimeout(timer);
  }, [state.phase, queryClient, navigate, locale]);

  const onStart = () => {
    if (!current || !sourceSystem || !dateStart || !dateEnd || rangeError) return;
    void start({ studioGroupUuid: current.uuid, sourceSystem, mode, body: { dateStart, dateEnd } });
  };

  const statusText =
    state.phase === 'starting'
      ? t('importRun.status.starting')
      : state.phase === 'finished'
        ? t('importRun.status.finished')
        : state.clubTotal !== null
          ? t('importRun.status.importing', { done: state.clubsFinished, total: state.clubTotal })
          : t('importRun.status.following');
  const progress = importProgress(state);
  const showRun = state.phase === 'starting' || state.phase === 'running' || state.phase === 'finished' || state.messages.length > 0;

  return (
    <>
      <PageHeader
        title={t('importRun.title')}
        description={t('importRun.description')}
        actions={
          <Button component={Link} to={`/${locale}/admin/import`} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('importRun.backToDashboard')}
          </Button>
        }
      />
      <Stack gap="lg">
        <Card>
          <Grid gap="lg" align="flex-end">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <DatePickerInput
                type="range"
                data-testid="import-date-range"
                label={t('importRun.dateRange')}
                placeholder={t('importRun.dateRangePlaceholder')}
                value={range}
                onChange={setRange}
                valueFormat={locale === 'de' ? 'DD.MM.YYYY' : 'DD/MM/YYYY'}
                maxDate={toIsoDate(DateTime.local())}
                allowSingleDateInRange
                disabled={active}
                error={dateStart && dateEnd ? rangeError : undefined}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              {studioGroup.isPending && current ? (
                <Input.Wrapper label={t('importRun.sourceSystem')}>
                  <Skeleton h={36} />
                </Input.Wrapper>
              ) : (
                <TextInput
                  data-testid="import-source-system"
                  label={t('importRun.sourceSystem')}
                  value={sourceSystem ?? ''}
                  readOnly
                  variant="filled"
                  error={studioGroup.isError ? errorMessage(studioGroup.error) : undefined}
                />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <Input.Wrapper label={t('importRun.mode')} labelProps={{ id: 'import-mode-label' }}>
                <SegmentedControl
                  data-testid="import-mode"
                  aria-labelledby="import-mode-label"
                  fullWidth
                  value={mode}
                  onChange={(value) => setMode(value === 'update' ? 'update' : 'import')}
                  disabled={active}
                  data={[
                    { value: 'import', label: t('importRun.modes.import') },
                    { value: 'update', label: t('importRun.modes.update') },
                  ]}
                />
              </Input.Wrapper>
            </Grid.Col>
          </Grid>
          <Group justify="space-between" mt="lg" gap="md">
            <Text size="sm" c="dimmed">
              {t(`importRun.modeHints.${mode}`)}
            </Text>
            <Button
              data-testid="import-start"
              leftSection={<IconPlay size={16} />}
              onClick={onStart}
              loading={active}
              disabled={!sourceSystem || Boolean(rangeError) || active}
            >
              {t('importRun.start')}
            </Button>
          </Group>
        </Card>

        {sourceSystem === 'csv' && current && <CsvUploadCard studioGroupUuid={current.uuid} />}

        {state.phase === 'failed' && state.error && (
          <Alert color="red" icon={<IconAlert />} title={t('importRun.failedTitle')} data-testid="import-error" role="alert">
            {state.error}
          </Alert>
        )}
        {state.streamLost && (
          <Alert color="yellow" icon={<IconInfo />} data-testid="import-stream-lost">
            {t('importRun.streamLost')}
          </Alert>
        )}
        {joinError && (
          <Alert color="red" icon={<IconAlert />} data-testid="import-join-error">
            {t('importRun.joinFailed', { message: joinError })}
          </Alert>
        )}

        {showRun && (
          <Card>
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={600} data-testid="import-status" role="status" aria-live="polite">
                  {statusText}
                </Text>
                <Text size="sm" c="dimmed" ff="monospace">
                  {progress}%
                </Text>
              </Group>
              <Progress
                data-testid="import-progress"
                aria-label={t('importRun.progressLabel')}
                value={progress}
                size="lg"
                radius="xl"
                color={state.phase === 'finished' ? 'green' : 'brand'}
                striped={active}
                animated={active}
                transitionDuration={300}
              />
              {state.phase === 'finished' && (
                <Text size="sm" c="dimmed">
                  {t('importRun.redirecting')}{' '}
                  <Anchor component={Link} to={`/${locale}/admin/import`} size="sm">
                    {t('importRun.backToDashboard')}
                  </Anchor>
                </Text>
              )}

              <Text size="sm" fw={600} mt="sm">
                {t('importRun.messages')}
              </Text>
              <StreamMessageLog
                messages={state.messages}
                colors={BADGE_COLOR}
                statusLabel={(status) => t(`importRun.messageStatus.${status}`)}
                emptyText={t('importRun.noMessages')}
                size={{ maxHeight: 400 }}
                filled={FILLED}
                detail={(message) =>
                  message.studio_name && (
                    <Text span c="dimmed" size="sm">
                      {' · '}
                      {message.studio_name}
                    </Text>
                  )
                }
                testId="import-messages"
                rowTestId="import-message"
              />
            </Stack>
          </Card>
        )}
      </Stack>
    </>
  );
}
