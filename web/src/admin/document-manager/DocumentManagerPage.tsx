import { Alert, Anchor, Badge, Button, Card, Center, Grid, Group, Loader, ScrollArea, Select, Stack, Switch, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ZSignDownloadResponse } from '../../../../contracts/credit-note-list.contract';
import { adminDocumentDownloadPath, adminDocumentsZipPath, type TDocumentManagerTrainer, type TManagedDocument } from '../../../../contracts/documents.contract';
import { apiRequest, errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { openSignedDownload, signCallOf } from '../../shared/downloads/signed-download';
import { formatDate } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { useDecideDocument, useDocumentManagerTrainers } from './api';
import { filterTrainers, hasProblem, type TrainerFilter, type TrainerSort } from './document-manager-filter';

const ZONE = 'Europe/Berlin';
const toast = (color: 'green' | 'red', message: string) => notifications.show({ color, message, withBorder: true, autoClose: 4000 });
const statusColor = (status: TManagedDocument['approvalStatus']) => (status === 'Approved' ? 'green' : status === 'Rejected' ? 'red' : 'yellow');

function TrainerBadges({ trainer }: { trainer: TDocumentManagerTrainer }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Badge size="xs" variant="default">
        {t('documentManager.fileCount', { count: trainer.fileCount })}
      </Badge>
      {trainer.expiredCount > 0 && (
        <Badge size="xs" color="red" data-testid="badge-expired">
          {t('documentManager.badges.expired', { count: trainer.expiredCount })}
        </Badge>
      )}
      {trainer.accountConnected && trainer.missingMandatory.length > 0 && (
        <Badge size="xs" color="orange" data-testid="badge-missing">
          {t('documentManager.badges.missing', { categories: trainer.missingMandatory.map((category) => category.categoryName).join(', ') })}
        </Badge>
      )}
      {trainer.pendingCount > 0 && (
        <Badge size="xs" color="yellow" data-testid="badge-pending">
          {t('documentManager.badges.pending', { count: trainer.pendingCount })}
        </Badge>
      )}
      {!trainer.accountConnected && (
        <Badge size="xs" color="gray" variant="light">
          {t('documentManager.badges.notConnected')}
        </Badge>
      )}
    </Group>
  );
}

/** The side panel: the PDF inline (by a signed link), and approve (optional expiry, not before today) or reject while pending. */
function DocumentPanel({ studioGroupUuid, trainer, document }: { studioGroupUuid: string; trainer: TDocumentManagerTrainer; document: TManagedDocument }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const decide = useDecideDocument(studioGroupUuid);
  const [expiry, setExpiry] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const today = DateTime.now().setZone(ZONE).toISODate()!;
  const path = adminDocumentDownloadPath(document.uuid);
  const link = useQuery({
    queryKey: ['document-manager', 'signed', document.uuid],
    queryFn: ({ signal }) => apiRequest(signCallOf({ studioGroupUuid }), { method: 'POST', body: { path }, schema: ZSignDownloadResponse, signal }),
    // The link lives five minutes; a fresh one before it ends.
    staleTime: 4 * 60_000,
  });
  const run = (decision: Parameters<typeof decide.mutate>[0]) =>
    decide.mutate(decision, {
      onSuccess: (answer) => toast('green', answer[0]?.message ?? ''),
      onError: (error) => toast('red', errorMessage(error)),
    });
  return (
    <Card withBorder radius="md" data-testid="document-panel" data-file-name={document.fileName}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4} size="h5">
            {document.fileName}
          </Title>
          <Badge color={statusColor(document.approvalStatus)} data-testid="document-panel-status">
            {t(`documentManager.status.${document.approvalStatus}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {document.categoryName} · {t('documentManager.uploaded', { date: formatDate(document.modifiedDate, locale), time: document.modifiedTime })}
        </Text>
        {link.data ? (
          <iframe title={document.fileName} src={link.data.url} style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }} data-testid="document-pdf" />
        ) : link.isError ? (
          <Alert color="red" icon={<IconAlert />}>
            {t('documentManager.panel.loadError')}
          </Alert>
        ) : (
          <Center h={120}>
            <Loader size="sm" />
          </Center>
        )}
        <Anchor size="sm" onClick={() => void openSignedDownload({ signCall: signCallOf({ studioGroupUuid }), path }).catch((error: unknown) => toast('red', errorMessage(error)))}>
          {t('documentManager.panel.open')}
        </Anchor>
        {document.status === 'approved' && document.approvedBy && document.approvedAt && (
          <Text size="sm">{t('documentManager.panel.approvedBy', { name: document.approvedBy, date: formatDate(document.approvedAt, locale) })}</Text>
        )}
        {document.expiresAt && (
          <Text size="sm" c={document.expirationStatus === 'Expired' ? 'red' : undefined} data-testid="document-panel-expiry">
            {document.expirationStatus === 'Expired' ? t('documentManager.expiredOn', { date: formatDate(document.expiresAt, locale) }) : t('documentManager.expires', { date: formatDate(document.expiresAt, locale) })}
          </Text>
        )}
        {document.status === 'rejected' && (
          <Text size="sm">
            {document.approvedBy && document.approvedAt ? t('documentManager.panel.rejectedBy', { name: document.approvedBy, date: formatDate(document.approvedAt, locale) }) : null}{' '}
            {document.rejectionReason ? t('documentManager.panel.rejectionReason', { reason: document.rejectionReason }) : null}
          </Text>
        )}
        {document.status === 'pending' && (
          <Stack gap="sm">
            <Group align="flex-end" gap="sm">
              <DatePickerInput
                label={t('documentManager.panel.expiry')}
                description={t('documentManager.panel.expiryHint')}
                value={expiry}
                onChange={(value) => setExpiry(value ? String(value).slice(0, 10) : null)}
                minDate={today}
                clearable
                valueFormat={locale === 'de' ? 'DD.MM.YYYY' : 'MM/DD/YYYY'}
                style={{ flex: 1 }}
                data-testid="document-expiry"
              />
              <Button
                color="green"
                loading={decide.isPending}
                data-testid="document-approve"
                onClick={() =>
                  run({ kind: 'approve', trainerUuid: trainer.uuid, documentUuid: document.uuid, expirationDate: expiry ? DateTime.fromISO(expiry, { zone: ZONE }).toSeconds() : 'no_expiration_date' })
                }
              >
                {t('documentManager.panel.approve')}
              </Button>
            </Group>
            <Textarea label={t('documentManager.panel.rejectReason')} autosize minRows={2} maxLength={2000} value={reason} onChange={(event) => setReason(event.currentTarget.value)} data-testid="document-reject-reason" />
            <Button color="red" variant="light" loading={decide.isPending} w="fit-content" data-testid="document-reject" onClick={() => run({ kind: 'reject', trainerUuid: trainer.uuid, documentUuid: document.uuid, rejectReason: reason })}>
              {t('documentManager.panel.reject')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The document a trainer's view opens with: the first pending one (what staff are here for), else the first. */
const firstDocumentOf = (trainer: TDocumentManagerTrainer) => trainer.files.find((file) => file.status === 'pending')?.uuid ?? trainer.files[0]?.uuid ?? null;

/**
 * Admin 2.18: trainer list (search, sort, hide-empty, problems), documents grouped by category, the
 * side panel. At /admin/document-manager/trainer/{trainerUuid} the single-trainer mode: one trainer's
 * documents and the panel, without the trainer list.
 */
export function DocumentManagerPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const studioGroupUuid = current!.uuid;
  const single = useParams().trainerUuid ?? null;
  const trainers = useDocumentManagerTrainers(studioGroupUuid);
  const [filter, setFilter] = useState<TrainerFilter>({ search: '', sort: 'nameAsc', hideEmpty: true, onlyProblems: false });
  const [chosenTrainerUuid, setTrainerUuid] = useState<string | null>(null);
  const [chosenDocumentUuid, setDocumentUuid] = useState<string | null>(null);
  const trainerUuid = single ?? chosenTrainerUuid;
  const shown = useMemo(() => filterTrainers(trainers.data ?? [], filter), [trainers.data, filter]);
  const trainer = trainers.data?.find((candidate) => candidate.uuid === trainerUuid) ?? null;
  // In the single-trainer mode the first document opens by itself, also after the URL names another trainer.
  const chosenIsTrainers = Boolean(trainer?.files.some((file) => file.uuid === chosenDocumentUuid));
  const documentUuid = single && trainer && !chosenIsTrainers ? firstDocumentOf(trainer) : chosenDocumentUuid;
  const document = trainer?.files.find((file) => file.uuid === documentUuid) ?? null;

  if (trainers.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (trainers.isError) {
    return (
      <Alert color="red" icon={<IconAlert />}>
        {t('documentManager.loadError')}
      </Alert>
    );
  }
  // Documents by category; a mandatory category without a document shows as missing.
  const groups = trainer
    ? [
        ...new Map(trainer.files.map((file) => [file.categoryUuid, { uuid: file.categoryUuid, name: file.categoryName, isMandatory: file.isMandatory, files: trainer.files.filter((other) => other.categoryUuid === file.categoryUuid) }])).values(),
        ...trainer.missingMandatory.filter((missing) => !trainer.files.some((file) => file.categoryUuid === missing.categoryUuid)).map((missing) => ({ uuid: missing.categoryUuid, name: missing.categoryName, isMandatory: true, files: [] })),
      ]
    : [];

  if (single && !trainer) {
    return (
      <>
        <PageHeader title={t('documentManager.title')} />
        <Alert color="yellow" icon={<IconAlert />} data-testid="document-manager-trainer-not-found">
          {t('documentManager.single.notFound')}
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={single && trainer ? t('documentManager.single.title', { name: trainer.name }) : t('documentManager.title')}
        description={single ? t('documentManager.single.description') : t('documentManager.description')}
        actions={
          single && (
            <Button component={Link} to={`/${locale}/admin/document-manager`} variant="default" data-testid="document-manager-all-trainers">
              {t('documentManager.single.allTrainers')}
            </Button>
          )
        }
      />
      <div data-testid="document-manager" data-mode={single ? 'single-trainer' : 'all'}>
      <Grid gap="md">
        {!single && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" p="sm">
            <Stack gap="xs">
              <TextInput placeholder={t('documentManager.search')} aria-label={t('documentManager.search')} value={filter.search} onChange={(event) => setFilter({ ...filter, search: event.currentTarget.value })} data-testid="document-manager-search" />
              <Select
                label={t('documentManager.sort.label')}
                value={filter.sort}
                onChange={(value) => value && setFilter({ ...filter, sort: value as TrainerSort })}
                data={(['nameAsc', 'nameDesc', 'files', 'pending'] as const).map((value) => ({ value, label: t(`documentManager.sort.${value}`) }))}
                allowDeselect={false}
              />
              <Switch label={t('documentManager.hideEmpty')} checked={filter.hideEmpty} onChange={(event) => setFilter({ ...filter, hideEmpty: event.currentTarget.checked })} data-testid="document-manager-hide-empty" />
              <Switch label={t('documentManager.onlyProblems')} checked={filter.onlyProblems} onChange={(event) => setFilter({ ...filter, onlyProblems: event.currentTarget.checked })} data-testid="document-manager-problems" />
              <ScrollArea h={700} type="auto">
                <Stack gap={4}>
                  {shown.length === 0 && <Text c="dimmed">{t('documentManager.noTrainers')}</Text>}
                  {shown.map((candidate) => (
                    <UnstyledButton
                      key={candidate.uuid}
                      onClick={() => {
                        setTrainerUuid(candidate.uuid);
                        setDocumentUuid(firstDocumentOf(candidate));
                      }}
                      p="xs"
                      style={{ borderRadius: 6, background: candidate.uuid === trainerUuid ? 'var(--mantine-color-brand-light)' : undefined, borderLeft: hasProblem(candidate) ? '3px solid var(--mantine-color-red-6)' : '3px solid transparent' }}
                      data-testid="document-manager-trainer"
                      data-name={candidate.name}
                    >
                      <Text size="sm" fw={600}>
                        {candidate.name}
                      </Text>
                      <TrainerBadges trainer={candidate} />
                    </UnstyledButton>
                  ))}
                </Stack>
              </ScrollArea>
            </Stack>
          </Card>
        </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: single ? 5 : 3 }}>
          <Card withBorder radius="md" p="sm">
            {!trainer ? (
              <Text c="dimmed">{t('documentManager.chooseTrainer')}</Text>
            ) : (
              <Stack gap="xs">
                <Title order={4} size="h5">
                  {trainer.name}
                </Title>
                <Group gap="xs">
                  <Anchor component={Link} to={`/${locale}/admin/trainer/${trainer.id}/edit`} size="sm">
                    {t('documentManager.editTrainer')}
                  </Anchor>
                  {!single && (
                    <Anchor component={Link} to={`/${locale}/admin/document-manager/trainer/${trainer.uuid}`} size="sm" data-testid="document-manager-open-single">
                      {t('documentManager.single.open')}
                    </Anchor>
                  )}
                  {trainer.fileCount > 0 && (
                    <Anchor size="sm" data-testid="document-manager-download-all" onClick={() => void openSignedDownload({ signCall: signCallOf({ studioGroupUuid }), path: adminDocumentsZipPath(trainer.uuid) }).catch((error: unknown) => toast('red', errorMessage(error)))}>
                      {t('documentManager.downloadAll')}
                    </Anchor>
                  )}
                </Group>
                <ScrollArea.Autosize mah="24rem" type="auto">
                  {groups.length === 0 ? (
                    <Text c="dimmed" size="sm">
                      {t('documentManager.noFiles')}
                    </Text>
                  ) : (
                    <Stack gap="sm">
                      {groups.map((group) => (
                        <Stack key={group.uuid} gap={4} data-testid="document-manager-category" data-name={group.name}>
                          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                            {group.name}
                          </Text>
                          {group.files.length === 0 && (
                            <Badge color="orange" variant="light">
                              {t('documentManager.missingCategory')}
                            </Badge>
                          )}
                          {group.files.map((file) => (
                            <UnstyledButton key={file.uuid} onClick={() => setDocumentUuid(file.uuid)} p={6} style={{ borderRadius: 6, background: file.uuid === documentUuid ? 'var(--mantine-color-gray-1)' : undefined }} data-testid="document-manager-file" data-file-name={file.fileName}>
                              <Group justify="space-between" wrap="nowrap" gap="xs">
                                <Text size="sm" truncate>
                                  📄 {file.fileName}
                                </Text>
                                <Badge size="xs" color={statusColor(file.approvalStatus)}>
                                  {t(`documentManager.status.${file.approvalStatus}`)}
                                </Badge>
                              </Group>
                              {file.expirationStatus === 'Expired' && (
                                <Badge size="xs" color="red" mt={2}>
                                  {t('documentManager.expiredOn', { date: formatDate(file.expiresAt!, locale) })}
                                </Badge>
                              )}
                            </UnstyledButton>
                          ))}
                        </Stack>
                      ))}
                    </Stack>
                  )}
                </ScrollArea.Autosize>
              </Stack>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: single ? 7 : 5 }}>
          {trainer && document ? (
            <DocumentPanel key={document.uuid} studioGroupUuid={studioGroupUuid} trainer={trainer} document={document} />
          ) : (
            trainer && (
              <Text c="dimmed" size="sm">
                {t('documentManager.noFiles')}
              </Text>
            )
          )}
        </Grid.Col>
      </Grid>
      </div>
    </>
  );
}
