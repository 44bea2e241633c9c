import { Alert, Badge, Button, Card, Group, Progress, ScrollArea, Stack, Stepper, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TTrainerListItem } from '../../../../../contracts/settlement.contract';
import type { TV1UpdateEmailsResponse } from '../../../../../contracts/settlement-v1.contract';
import { ApiError, errorMessage } from '../../../shared/api/client';
import { IconAlert, IconCheck, IconPlay } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/PageHeader';
import { openSignedDownload, signCallOf } from '../../../shared/downloads/signed-download';
import { formatMonth } from '../../../shared/format';
import { useLocale } from '../../../shared/hooks/use-locale';
import { useSession } from '../../../shared/session';
import { useCurrentStudioGroup } from '../../shared/current-studio-group';
import { SumCards } from '../SumCards';
import { firstOpenMonth, isSettleableMonth, latestSettleableMonth, settlementMonthOf } from '../settlement-month';
import {
  createInvoice,
  createSettlementPhase,
  loadTrainerList,
  sendInvoice,
  sepaXmlPath,
  updateEmailState,
  updateInvoiceState,
  type V1Scope,
} from '../api';
import { pause, runPerTrainer, STEP_PAUSE_MS, type V1Message } from './v1-run';

const STEPS = ['date', 'prepare', 'invoices', 'emails', 'summary'] as const;
const PHASES = ['invoice-data', 'class', 'trainer'] as const;
const BADGE_COLOR: Record<V1Message['status'], string> = { success: 'green', error: 'red', info: 'blue' };

/** A failed call's own message, or none for a network failure (the step then says the spec's text). */
const serverMessageOf = (error: unknown) => (error instanceof ApiError && error.status > 0 ? error.message : '');
/** The settlement's state update after a step (spec 8: 'Error updating settlement.', then the server's reason). */
class SettlementUpdateError extends Error {}
const updatingSettlement = async <T,>(update: () => Promise<T>): Promise<T> => {
  try {
    return await update();
  } catch (error) {
    throw new SettlementUpdateError(serverMessageOf(error));
  }
};

/**
 * `/:locale/admin/settlement/v1`: wizard v1 (admin spec 2.1, 4 "Wizard v1 flow"): choose the month,
 * 'Create Settlement' (invoice data, classes, trainers: 33 / 66 / 100 %), 'Create invoice PDFs' and
 * 'Send Emails' (one call per trainer), then the summary with 'Download banking XML', 'Show logs'
 * and 'Done'. Each step's button is enabled once the step before has finished; the screen waits 2 s
 * after each step. No trainer review: the same settlement workflow as v2 with the review skipped.
 */
export function SettlementV1WizardPage() {
  const { t } = useTranslation();
  const alertOf = (error: unknown) =>
    error instanceof SettlementUpdateError ? [t('settlement.updateFailed'), error.message].filter(Boolean).join(' ') : serverMessageOf(error) || t('settlementV1.error');
  const locale = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const { current } = useCurrentStudioGroup();
  const group = current!; // the admin layout renders pages only with a studio group
  // Spec 3: the settlement uuid is generated client-side.
  const [settlementUuid] = useState(() => crypto.randomUUID());
  const [monthValue, setMonthValue] = useState<string | null>(() => latestSettleableMonth());
  const [monthRefused, setMonthRefused] = useState(false);
  /** Index of the step whose button is enabled (0 = 'Create Settlement'); 4 = summary reached. */
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [messages, setMessages] = useState<V1Message[]>([]);
  const [trainers, setTrainers] = useState<TTrainerListItem[]>([]);
  const [invoiced, setInvoiced] = useState<TTrainerListItem[]>([]);
  const [result, setResult] = useState<TV1UpdateEmailsResponse | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const importMonth = monthValue ? settlementMonthOf(monthValue) : null;
  const scope: V1Scope | null = importMonth && session ? { group, importMonth, settlementUuid, userUuid: session.userUuid } : null;

  const addMessage = (status: V1Message['status'], text: string) => {
    if (mounted.current) setMessages((list) => [...list, { key: `${list.length}`, status, text }]);
  };

  const onMonthChange = (picked: string | null) => {
    // Spec 5: only a month before the current one; another is cleared with the red message.
    if (picked && !isSettleableMonth(picked)) {
      setMonthValue(null);
      setMonthRefused(true);
      return;
    }
    setMonthRefused(false);
    setMonthValue(picked);
  };

  const createSettlement = async () => {
    if (!scope) return;
    setBusy(true);
    setAlert(null);
    setProgress(0);
    try {
      for (const phase of PHASES) {
        const answer = await createSettlementPhase(scope, phase);
        setProgress(answer.percent);
      }
      const list = await loadTrainerList(scope).catch((error: unknown) => {
        throw new ApiError({ status: 422, message: `${t('settlementV1.loadError', { month: formatMonth(scope.importMonth, locale) })} ${errorMessage(error)}` });
      });
      setTrainers(list);
      addMessage('info', t('settlementV1.trainersPrepared', { count: list.length }));
      await pause(STEP_PAUSE_MS);
      setStep(1);
    } catch (error) {
      // Spec 8: a non-success answer shows the server's message in red; a network failure says 'error'.
      setAlert(alertOf(error));
    } finally {
      setProgress(null);
      setBusy(false);
    }
  };

  const createInvoices = async () => {
    if (!scope) return;
    setBusy(true);
    setAlert(null);
    try {
      const results = await runPerTrainer({
        trainers,
        call: async (trainer) => (await createInvoice(scope, trainer.TrainerID)).message,
        failureText: (trainer) => t('settlementV1.invoiceNotCreated', { trainer: trainer.trainerName }),
        onMessage: (status, text) => addMessage(status, text),
        onProgress: setProgress,
      });
      setInvoiced(results.filter((entry) => entry.ok).map((entry) => entry.trainer));
      const updated = await updatingSettlement(() => updateInvoiceState(scope));
      addMessage('info', updated.message);
      await pause(STEP_PAUSE_MS);
      setStep(2);
    } catch (error) {
      setAlert(alertOf(error));
    } finally {
      setProgress(null);
      setBusy(false);
    }
  };

  const sendEmails = async () => {
    if (!scope) return;
    setBusy(true);
    setAlert(null);
    try {
      await runPerTrainer({
        trainers: invoiced,
        call: async (trainer) => (await sendInvoice(scope, trainer.TrainerID)).message,
        failureText: (trainer) => t('settlementV1.invoiceNotSent', { trainer: trainer.trainerName }),
        onMessage: (status, text) => addMessage(status, text),
        onProgress: setProgress,
      });
      const finished = await updatingSettlement(() => updateEmailState(scope));
      addMessage('success', finished.message);
      setResult(finished);
      await pause(STEP_PAUSE_MS);
      setStep(3);
    } catch (error) {
      setAlert(alertOf(error));
    } finally {
      setProgress(null);
      setBusy(false);
    }
  };

  const downloadSepa = () => {
    if (!result) return;
    openSignedDownload({ signCall: signCallOf({ studioGroupUuid: group.uuid }), path: sepaXmlPath(group, settlementUuid, result.settlementRunUuid) }).catch((error: unknown) =>
      notifications.show({ color: 'red', message: errorMessage(error) || t('settlementV1.downloadFailed'), withBorder: true }),
    );
  };

  // The stepper: date, prepare (while 'Create Settlement' runs), invoices, e-mails, summary.
  const activeStep = step === 0 ? (busy ? 1 : 0) : step + 1;
  const started = step > 0 || busy;

  return (
    <>
      <PageHeader title={t('settlementV1.title')} description={t('settlementV1.description')} />
      <Stack gap="md">
        <Card padding="md">
          {importMonth && (
            <Text size="sm" c="dimmed" mb="sm" data-testid="v1-month">
              {t('settlementV1.month', { month: formatMonth(importMonth, locale) })}
            </Text>
          )}
          <Stepper active={activeStep} size="xs" iconSize={28} wrap={false} allowNextStepsSelect={false} data-testid="v1-stepper">
            {STEPS.map((key) => (
              <Stepper.Step key={key} label={t(`settlementV1.steps.${key}`)} />
            ))}
          </Stepper>
        </Card>

        <Card padding="md">
          <Stack gap="md">
            <Title order={3} fz="lg">
              {t('settlementV1.steps.date')}
            </Title>
            <MonthPickerInput
              data-testid="v1-month-picker"
              label={t('settlement.date.label')}
              placeholder={t('settlement.date.placeholder')}
              value={monthValue}
              onChange={onMonthChange}
              valueFormat="MMMM YYYY"
              clearable
              disabled={started}
              w={280}
            />
            {monthRefused && (
              <Alert color="red" icon={<IconAlert />} role="alert" data-testid="v1-month-error">
                {t('settlement.date.mustBeBefore', { month: formatMonth(firstOpenMonth(), locale) })}
              </Alert>
            )}
            <Group gap="sm">
              <Button data-testid="v1-create-settlement" leftSection={<IconPlay size={16} />} disabled={!scope || busy || step !== 0} onClick={() => void createSettlement()}>
                {t('settlementV1.createSettlement')}
              </Button>
              <Button data-testid="v1-create-invoices" variant={step === 1 ? 'filled' : 'light'} disabled={busy || step !== 1} onClick={() => void createInvoices()}>
                {t('settlementV1.createInvoices')}
              </Button>
              <Button data-testid="v1-send-emails" variant={step === 2 ? 'filled' : 'light'} disabled={busy || step !== 2} onClick={() => void sendEmails()}>
                {t('settlementV1.sendEmails')}
              </Button>
            </Group>
            {progress !== null && (
              <Progress value={progress} size="lg" radius="xl" striped animated aria-label={t('settlementV1.progressLabel')} data-testid="v1-progress" data-value={progress} />
            )}
            {alert && (
              <Alert color="red" icon={<IconAlert />} role="alert" data-testid="v1-alert">
                {alert}
              </Alert>
            )}
            {messages.length > 0 && (
              <ScrollArea.Autosize mah={300} type="auto" data-testid="v1-messages">
                <Stack gap={6}>
                  {messages.map((message) => (
                    <Group key={message.key} gap="xs" wrap="nowrap" data-testid={`v1-message-${message.status}`}>
                      <Badge color={BADGE_COLOR[message.status]} variant="light" tt="none" miw={72}>
                        {t(`settlementV1.status.${message.status}`)}
                      </Badge>
                      <Text size="sm">{message.text}</Text>
                    </Group>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Stack>
        </Card>

        {step === 3 && result && (
          <Card padding="md" data-testid="v1-summary">
            <Stack gap="md">
              <Group gap="xs">
                <IconCheck />
                <Title order={3} fz="lg">
                  {t('settlementV1.steps.summary')}
                </Title>
              </Group>
              <SumCards net={result.sumNet} vat={result.sumVat} gross={result.sumGross} />
              <Group gap="sm">
                <Button data-testid="v1-download-sepa" onClick={downloadSepa}>
                  {t('settlementV1.downloadSepa')}
                </Button>
                {/* Spec 2.1: 'Show logs' leads to the settlement's detail page, here its log tab. */}
                <Button data-testid="v1-show-logs" variant="light" component={Link} to={`/${locale}/admin/settlement/${settlementUuid}?tab=log`}>
                  {t('settlementV1.showLogs')}
                </Button>
                <Button data-testid="v1-done" variant="default" onClick={() => void navigate(`/${locale}/admin/settlements`)}>
                  {t('settlementV1.done')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </>
  );
}
