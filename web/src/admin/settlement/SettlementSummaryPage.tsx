import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  CloseButton,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import type { TSettlementDetail, TSettlementTrainerItem } from '../../../../contracts/settlement.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconArrowLeft, IconInfo } from '../../shared/components/icons';
import { openSignedDownload, signCallOf } from '../../shared/downloads/signed-download';
import { usePageTitle } from '../../shared/hooks/use-page-title';
import { formatEuros, formatMonth, formatSettlementTime } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useMonthCreditNotes } from '../credit-notes/api';
import { useCurrentStudioGroup, useMayChange } from '../shared/current-studio-group';
import { SettlementStatusBadge, TrainerStateBadge } from './badges';
import { IconDots } from './icons';
import { SettlementCommandModal, type SummaryAction } from './SettlementCommandModal';
import { AccountingFilesTab } from './AccountingFilesTab';
import { SettlementLogGrid } from './SettlementLogGrid';
import { SumCards } from './SumCards';
import { TrainerCommentsModal } from './TrainerCommentsModal';
import { TrainerPreview } from './TrainerPreview';
import { useCalculateSum, useSettlement, useSettlementLogs } from './api';
import { useSettlementLiveUpdates } from './use-settlement-live-updates';
import { displayName } from './steps/trainer-selection';

const SUMMARY_TABS = ['trainer', 'accounting-files', 'log'] as const;

type StudioOfTrainers = { studioUuid: string; studioName: string; trainers: TSettlementTrainerItem[] };

/** The Trainer tab groups by studio; a trainer teaching in two studios is listed under both. */
function groupTrainersByStudio(trainers: readonly TSettlementTrainerItem[], name: string, withoutStudio: string): StudioOfTrainers[] {
  const needle = name.trim().toLocaleLowerCase();
  const groups = new Map<string, StudioOfTrainers>();
  for (const trainer of trainers) {
    const shown = displayName(trainer);
    if (needle && !shown.toLocaleLowerCase().includes(needle) && !trainer.trainer_name.toLocaleLowerCase().includes(needle)) continue;
    const studios = trainer.studios.length > 0 ? trainer.studios : [{ studio_uuid: '', studio_name: withoutStudio }];
    for (const studio of studios) {
      const group = groups.get(studio.studio_uuid) ?? { studioUuid: studio.studio_uuid, studioName: studio.studio_name, trainers: [] };
      group.trainers.push(trainer);
      groups.set(studio.studio_uuid, group);
    }
  }
  const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
  return [...groups.values()]
    .sort((a, b) => (a.studioUuid === '' ? 1 : b.studioUuid === '' ? -1 : byName(a.studioName, b.studioName)))
    .map((group) => ({ ...group, trainers: group.trainers.sort((a, b) => byName(displayName(a), displayName(b))) }));
}

/**
 * The spec's download post of a trainer's credit note (2.12), as the signed GET of the same route;
 * the file name comes from the month's credit-note list (a cancelled one is not offered).
 */
function useCreditNotePdfPaths(group: TStudioGroupRef, settlement: TSettlementDetail) {
  const creditNotes = useMonthCreditNotes(group, settlement.month.slice(0, 7));
  const paths = useMemo(() => {
    const byTrainer = new Map<string, string>();
    // Newest number first: a trainer billed again after a cancellation gets the new credit note.
    for (const note of creditNotes.data?.creditNotes ?? []) {
      if (note.settlementUuid !== settlement.settlementUuid || note.documentType !== 'credit_note' || note.cancelledBy !== null || byTrainer.has(note.trainerUuid)) continue;
      const fields = new URLSearchParams({
        settlementMonth: settlement.month,
        settlementUuid: settlement.settlementUuid,
        studioGroupUuid: group.uuid,
        trainerUuid: note.trainerUuid,
        filename: note.fileName,
      });
      byTrainer.set(note.trainerUuid, `/admin/settlement/v2/download-credit-note-pdf?${fields.toString()}`);
    }
    return byTrainer;
  }, [creditNotes.data, settlement.settlementUuid, settlement.month, group.uuid]);
  return { creditNotes, paths };
}

function TrainerTab({
  group,
  settlement,
  onPreview,
  onComments,
}: {
  group: TStudioGroupRef;
  settlement: TSettlementDetail;
  onPreview: (trainer: TSettlementTrainerItem) => void;
  onComments: (trainer: TSettlementTrainerItem) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const { creditNotes, paths: creditNotePaths } = useCreditNotePdfPaths(group, settlement);
  const download = (path: string) =>
    openSignedDownload({ signCall: signCallOf({ studioGroupUuid: group.uuid }), path }).catch((error: unknown) =>
      notifications.show({ color: 'red', message: errorMessage(error) || t('creditNoteList.downloadFailed'), withBorder: true }),
    );
  const groups = useMemo(() => groupTrainersByStudio(settlement.trainers, name, t('settlement.summary.withoutStudio')), [settlement.trainers, name, t]);

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" maw={520}>
        <TextInput
          placeholder={t('settlement.select.namePlaceholder')}
          aria-label={t('settlement.select.nameLabel')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: 1 }}
          data-testid="summary-name-filter"
          rightSection={name ? <CloseButton size="sm" aria-label={t('settlement.select.clear')} onClick={() => setName('')} /> : null}
        />
        <Button variant="default" onClick={() => setName('')} disabled={!name}>
          {t('settlement.select.clear')}
        </Button>
      </Group>
      {settlement.trainers.length === 0 && <Text c="dimmed">{t('settlement.summary.noTrainers')}</Text>}
      {settlement.trainers.length > 0 && groups.length === 0 && <Text c="dimmed">{t('settlement.select.noMatch')}</Text>}
      {groups.map((group) => (
        <Card key={group.studioUuid || 'none'} p={0} data-testid="summary-studio">
          <Group justify="space-between" px="md" py="xs" bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text fw={700} size="sm">
              {group.studioName}
            </Text>
            <Badge variant="default" tt="none">
              {t('settlement.select.trainerCount', { count: group.trainers.length })}
            </Badge>
          </Group>
          {group.trainers.map((trainer) => {
            const pdfPath = creditNotePaths.get(trainer.trainer_uuid) ?? null;
            return (
              <Group
                key={trainer.trainer_uuid}
                wrap="nowrap"
                gap="sm"
                pr="md"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="summary-trainer-row"
                data-trainer-uuid={trainer.trainer_uuid}
              >
                <UnstyledButton
                  onClick={() => onPreview(trainer)}
                  px="md"
                  py={8}
                  style={{ flex: 1, minWidth: 0 }}
                  data-testid={`summary-trainer-${trainer.trainer_uuid}`}
                  // Named by what it shows (WCAG 2.5.3 Label in Name); what it does is its description.
                  title={t('settlement.summary.openPreview', { trainer: displayName(trainer) })}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Group gap={6} wrap="wrap">
                      <Text fw={500}>{displayName(trainer)}</Text>
                      {trainer.trainer_company_name && trainer.trainer_company_name.trim() !== trainer.trainer_name && (
                        <Text size="sm" c="dimmed">
                          ({trainer.trainer_name})
                        </Text>
                      )}
                    </Group>
                    <Group gap="sm" wrap="nowrap">
                      <Text size="sm" ff="monospace">
                        {formatEuros(trainer.sum_gross)}
                      </Text>
                      <TrainerStateBadge state={trainer.workflow_state} />
                    </Group>
                  </Group>
                </UnstyledButton>
                <Button size="xs" variant="default" onClick={() => onComments(trainer)} data-testid="summary-view-comments">
                  {t('settlement.summary.viewComments')}
                </Button>
                {trainer.workflow_state === 'credit_note_send' && (
                  <Tooltip label={t('settlement.summary.noCreditNoteFile')} disabled={pdfPath !== null || creditNotes.isPending}>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => pdfPath && void download(pdfPath)}
                      disabled={pdfPath === null}
                      loading={creditNotes.isPending}
                      data-testid="summary-download-credit-note"
                    >
                      {t('settlement.summary.downloadCreditNote')}
                    </Button>
                  </Tooltip>
                )}
              </Group>
            );
          })}
        </Card>
      ))}
    </Stack>
  );
}

function LogTab({ group, settlement }: { group: TStudioGroupRef; settlement: TSettlementDetail }) {
  const { t } = useTranslation();
  const logs = useSettlementLogs({ group, uuid: settlement.settlementUuid, month: settlement.month });
  if (logs.isPending) {
    return (
      <Center h={400}>
        <Loader type="dots" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (logs.isError) {
    return (
      <Alert color="red" icon={<IconAlert />} data-testid="log-error">
        {errorMessage(logs.error)}
      </Alert>
    );
  }
  return (
    <Card p={0} style={{ overflow: 'hidden' }}>
      <SettlementLogGrid rows={logs.data} height={500} />
    </Card>
  );
}

/** `/:locale/admin/settlement/:settlementUuid`: one settlement's summary (spec 2.12). */
export function SettlementSummaryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { settlementUuid = '' } = useParams();
  const { current } = useCurrentStudioGroup();
  const group = current!; // the admin layout renders pages only with a studio group
  const detail = useSettlement(group, settlementUuid);
  const calculateSum = useCalculateSum(group, settlementUuid);
  const mayChange = useMayChange();
  useSettlementLiveUpdates(detail.data ? settlementUuid : null);
  const [commandAction, setCommandAction] = useState<SummaryAction | null>(null);
  const [previewTrainer, setPreviewTrainer] = useState<TSettlementTrainerItem | null>(null);
  const [commentsTrainer, setCommentsTrainer] = useState<TSettlementTrainerItem | null>(null);
  // `?tab=log` opens the log (the wizard's 'Show logs', spec 2.2).
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<string | null>(() => (SUMMARY_TABS.find((value) => value === searchParams.get('tab')) ?? 'trainer'));

  const settlement = detail.data;
  const headline = settlement ? formatMonth(settlement.month, locale) : t('settlement.summary.title');
  usePageTitle(headline);

  if (detail.isPending) {
    return (
      <Center mih={320}>
        <Loader type="dots" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!settlement) {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="summary-load-error">
          {errorMessage(detail.error)}
        </Alert>
        <Button component={Link} to={`/${locale}/admin/settlements`} variant="default" w="fit-content" leftSection={<IconArrowLeft size={16} />}>
          {t('settlement.wizard.backToIndex')}
        </Button>
      </Stack>
    );
  }

  const open = settlement.status === 'in_progress';
  const deletable = open && !settlement.workflow?.anyCreditNoteSent;

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={1} fz={26} data-testid="summary-headline">
              {headline}
            </Title>
            <SettlementStatusBadge status={settlement.status} />
          </Group>
          <Text size="sm" c="dimmed" data-testid="summary-created">
            {t('settlement.summary.created', { date: formatSettlementTime(settlement.createdDt, locale), user: settlement.createdBy.name })}
          </Text>
          {settlement.completedDt && (
            <Text size="sm" c="dimmed">
              {t('settlement.summary.completed', { date: formatSettlementTime(settlement.completedDt, locale) })}
            </Text>
          )}
          {settlement.archivedDt && (
            <Text size="sm" c="dimmed">
              {t('settlement.summary.archived', { date: formatSettlementTime(settlement.archivedDt, locale) })}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={`/${locale}/admin/settlements`} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('settlement.wizard.backToIndex')}
          </Button>
          {open && mayChange && (
            <Button component={Link} to={`/${locale}/admin/settlement/wizard/${settlement.settlementUuid}`} data-testid="summary-open-wizard">
              {t('settlement.summary.openWizard')}
            </Button>
          )}
          {/* Spec 2.12: the menu shows only while the settlement is neither archived nor completed; its commands are an admin's. */}
          {open && mayChange && (
            <Menu position="bottom-end" withinPortal shadow="md" closeOnClickOutside>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={t('settlement.wizard.moreActions')} data-testid="summary-menu">
                  <IconDots />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={`/${locale}/admin/settlement/wizard/${settlement.settlementUuid}?step=0`} data-testid="summary-trainer-selection">
                  {t('settlement.summary.trainerSelection')}
                </Menu.Item>
                <Menu.Item component={Link} to={`/${locale}/admin/settlement/${settlement.settlementUuid}/preview-check`} data-testid="summary-preview-check">
                  {t('previewCheck.link')}
                </Menu.Item>
                <Menu.Item
                  onClick={() =>
                    calculateSum.mutate(undefined, {
                      onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message, withBorder: true }),
                      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error), withBorder: true }),
                    })
                  }
                  data-testid="summary-calculate-sum"
                >
                  {t('settlement.summary.calculateSum')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="green" onClick={() => setCommandAction('finish_settlement')} data-testid="summary-finish">
                  {t('settlement.commands.finish.menu')}
                </Menu.Item>
                {/* Spec 2.12: 'archive settlement' is in the menu but always hidden; the archive command stays in the API. */}
                {deletable && (
                  <Menu.Item color="red" onClick={() => setCommandAction('delete_settlement')} data-testid="summary-delete">
                    {t('settlement.commands.delete.menu')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      <Stack gap="lg">
        {settlement.sumNet !== null && settlement.sumVat !== null && settlement.sumGross !== null && (
          <SumCards net={settlement.sumNet} vat={settlement.sumVat} gross={settlement.sumGross} />
        )}
        {settlement.status === 'deleted' && (
          <Alert color="red" icon={<IconInfo />}>
            {t('settlement.summary.deleted')}
          </Alert>
        )}

        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="trainer" data-testid="tab-trainer">
              {t('settlement.summary.tabs.trainer')}
            </Tabs.Tab>
            <Tabs.Tab value="accounting-files" data-testid="tab-accounting-files">
              {t('creditNoteList.accountingFiles.tab')}
            </Tabs.Tab>
            <Tabs.Tab value="log" data-testid="tab-log">
              {t('settlement.summary.tabs.log')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="trainer" pt="md">
            <TrainerTab group={group} settlement={settlement} onPreview={setPreviewTrainer} onComments={setCommentsTrainer} />
          </Tabs.Panel>
          <Tabs.Panel value="accounting-files" pt="md">
            <AccountingFilesTab group={group} settlementUuid={settlement.settlementUuid} />
          </Tabs.Panel>
          <Tabs.Panel value="log" pt="md">
            <LogTab group={group} settlement={settlement} />
          </Tabs.Panel>
        </Tabs>
      </Stack>

      <Modal
        opened={previewTrainer !== null}
        onClose={() => setPreviewTrainer(null)}
        title={previewTrainer ? t('settlement.prepare.previewTitle', { trainer: displayName(previewTrainer) }) : ''}
        size={1100}
        data-testid="summary-preview-modal"
      >
        {previewTrainer && <TrainerPreview group={group} settlementUuid={settlement.settlementUuid} month={settlement.month} trainerUuid={previewTrainer.trainer_uuid} />}
      </Modal>

      <TrainerCommentsModal
        group={group}
        settlementUuid={settlement.settlementUuid}
        trainer={commentsTrainer ? { uuid: commentsTrainer.trainer_uuid, name: displayName(commentsTrainer) } : null}
        onClose={() => setCommentsTrainer(null)}
      />

      <SettlementCommandModal
        group={group}
        settlementUuid={settlement.settlementUuid}
        month={settlement.month}
        action={commandAction}
        onClose={() => setCommandAction(null)}
        onDone={(action) => {
          if (action === 'delete_settlement') void navigate(`/${locale}/admin/settlements`);
        }}
      />
    </>
  );
}
