import { ActionIcon, Alert, Anchor, Button, Card, Center, Group, Loader, Menu, Progress, Stack, Stepper, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconArrowLeft, IconInfo } from '../../shared/components/icons';
import { openSignedDownload, signCallOf } from '../../shared/downloads/signed-download';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useSettlementRuns } from '../credit-notes/api';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { SettlementStatusBadge } from './badges';
import { IconDots } from './icons';
import { SettlementCommandModal, type SummaryAction } from './SettlementCommandModal';
import { isNotFound, settlementQueryKeys, useJumpToStep, useSettlement } from './api';
import { useSettlementLiveUpdates } from './use-settlement-live-updates';
import { settlementMonthOf } from './settlement-month';
import { StepLoader } from './wizard/StepLoader';
import { useWizardErrors, WizardErrorArea } from './wizard/wizard-errors';
import { clampStep, LAST_STEP, openingStep, progressOfStep, WIZARD_STEPS, wizardMenuItems, type WizardMenuItem } from './wizard/wizard-steps';
import { PREVIEW_CHECK_MODALS, SEND_PREVIEW_MODAL } from './wizard/wizard-links';
import type { WizardStepProps } from './wizard/wizard-types';

// Step screens load lazily (spec 2.2); the loaders are module constants so a render never restarts them.
const loadDateStep = () => import('./steps/DateStep').then((m) => m.DateStep as ComponentType<WizardStepProps>);
const loadSelectTrainerStep = () => import('./steps/SelectTrainerStep').then((m) => m.SelectTrainerStep as ComponentType<WizardStepProps>);
const loadPrepareDataStep = () => import('./steps/PrepareDataStep').then((m) => m.PrepareDataStep as ComponentType<WizardStepProps>);
const loadSendPreviewStep = () => import('./steps/SendPreviewStep').then((m) => m.SendPreviewStep as ComponentType<WizardStepProps>);
const loadFeedbackReviewStep = () => import('./steps/FeedbackReviewStep').then((m) => m.FeedbackReviewStep as ComponentType<WizardStepProps>);
const loadCreditNotesStep = () => import('./steps/CreditNotesStep').then((m) => m.CreditNotesStep as ComponentType<WizardStepProps>);
const loadSummaryStep = () => import('./credit-notes/SummaryStepPane').then((m) => m.SummaryStepPane as ComponentType<WizardStepProps>);

const SEND_PREVIEW_STEP = 2;

const MENU_ITEM_TEST_IDS: Record<WizardMenuItem, string> = {
  reload: 'reload',
  trainerPreviews: 'trainer-previews',
  finish: 'finish',
  next: 'next',
  trainerOverview: 'trainer-overview',
  sendPreview: 'send-preview',
  approveAll: 'approve-all',
  sendAll: 'send-all',
  sendCreditNotes: 'send-credit-notes',
  accountingEmail: 'accounting-email',
};
const MENU_ITEM_LABELS = {
  reload: 'settlement.wizard.reload',
  trainerPreviews: 'settlement.wizard.menu.trainerPreviews',
  finish: 'settlement.commands.finish.menu',
  next: 'settlement.wizard.menu.next',
  trainerOverview: 'settlement.wizard.trainerOverview',
  sendPreview: 'settlement.wizard.menu.sendPreview',
  approveAll: 'previewCheck.approveAll.menu',
  sendAll: 'previewCheck.sendAll.menu',
  sendCreditNotes: 'previewCheck.sendCreditNotes.menu',
  accountingEmail: 'settlement.wizard.menu.accountingEmail',
} as const satisfies Record<WizardMenuItem, string>;

/** Step index 4: a finished credit-note run moves the workflow to the summary, but the step stays on screen for its accounting e-mail. */
const CREDIT_NOTES_STEP = 4;

/**
 * 'Download banking XML' after the last step (spec 2.2): the SEPA file of the latest credit-note run
 * that has one, opened in a new tab by a signed link (the tab sends no API headers).
 */
function DownloadBankingXmlButton({ group, settlementUuid }: { group: TStudioGroupRef; settlementUuid: string }) {
  const { t } = useTranslation();
  const runs = useSettlementRuns(group, settlementUuid);
  // Runs come oldest first; a later run (trainers approved later) has the newer file.
  const path =
    (runs.data ?? [])
      .map((run) => run.files.find((file) => file.type === 'SEPA_XML')?.downloadPath ?? null)
      .filter((candidate): candidate is string => candidate !== null)
      .at(-1) ?? null;
  const download = (downloadPath: string) =>
    openSignedDownload({ signCall: signCallOf({ studioGroupUuid: group.uuid }), path: downloadPath }).catch((error: unknown) =>
      notifications.show({ color: 'red', message: errorMessage(error) || t('creditNoteList.downloadFailed'), withBorder: true }),
    );
  return (
    <Tooltip label={t('settlement.wizard.noBankingXml')} disabled={path !== null || runs.isPending}>
      <Button
        onClick={() => path && void download(path)}
        disabled={path === null}
        loading={runs.isPending}
        data-testid="wizard-download-banking-xml"
        data-path={path ?? undefined}
      >
        {t('settlement.wizard.downloadBankingXml')}
      </Button>
    </Tooltip>
  );
}

/** `/:locale/admin/settlement/wizard/null`: a new settlement gets its uuid in the browser (spec 2.2 start rule). */
export function SettlementWizardPage() {
  const { settlementUuid } = useParams();
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  if (!settlementUuid || settlementUuid === 'null') {
    return <Navigate replace to={{ pathname: `/${locale}/admin/settlement/wizard/${crypto.randomUUID()}`, search: searchParams.toString() }} />;
  }
  return (
    <WizardErrorArea key={settlementUuid}>
      <SettlementWizard settlementUuid={settlementUuid} />
    </WizardErrorArea>
  );
}

function SettlementWizard({ settlementUuid }: { settlementUuid: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { current } = useCurrentStudioGroup();
  const group = current!; // the admin layout renders pages only with a studio group
  const { report } = useWizardErrors();
  const detail = useSettlement(group, settlementUuid);
  const jump = useJumpToStep(group, settlementUuid);
  const [commandAction, setCommandAction] = useState<SummaryAction | null>(null);

  const settlement = detail.data ?? null;
  const isNew = isNotFound(detail.error);
  const { joinError } = useSettlementLiveUpdates(settlement ? settlementUuid : null);
  const workflow = settlement?.workflow ?? null;
  const workflowStep = workflow?.step ?? settlement?.step ?? 0;
  const maxReachable = settlement ? (workflow?.maxReachableStep ?? settlement.step) : 0;

  // The month of a settlement not created yet lives in the URL (?month=), so a reload keeps it.
  const monthParam = searchParams.get('month');
  const month = settlement?.month ?? (monthParam ? settlementMonthOf(monthParam) || null : null);

  // Which step is shown. The opening step follows the start rule (see openingStep; `?step=` asks for
  // an earlier one the workflow has reached, e.g. 'Trainers' from the index); after that the screen
  // follows the workflow: a command or another tab moving it moves the screen.
  const requested = searchParams.get('step');
  const [shown, setShown] = useState<{ step: number; atWorkflowStep: number } | null>(null);
  const openAt = requested !== null && Number(requested) <= maxReachable ? clampStep(Number(requested)) : openingStep(workflowStep, workflow?.trainerReview ?? null);
  const holdsCreditNotes = shown?.step === CREDIT_NOTES_STEP && workflowStep === LAST_STEP;
  const viewStep = !settlement ? 0 : shown === null ? openAt : shown.atWorkflowStep === workflowStep || holdsCreditNotes ? shown.step : workflowStep;

  const followWorkflow = useCallback((step: number) => setShown({ step, atWorkflowStep: step }), []);

  const goToStep = useCallback(
    async (step: number) => {
      if (!settlement) return;
      try {
        const answer = await jump.mutateAsync(step);
        followWorkflow(answer.state.step);
      } catch (error) {
        report(errorMessage(error));
      }
    },
    [settlement, jump, followWorkflow, report],
  );

  const setMonth = useCallback(
    (value: string | null) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (value) next.set('month', value);
          else next.delete('month');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // Once created, the settlement's own month counts; the URL drops its copy and the step request.
  useEffect(() => {
    if (settlement && (searchParams.has('month') || (shown !== null && searchParams.has('step')))) {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('month');
          if (shown !== null) next.delete('step');
          return next;
        },
        { replace: true },
      );
    }
  }, [settlement, searchParams, shown, setSearchParams]);

  const stepProps: WizardStepProps = { group, settlementUuid, month, settlement, setMonth, goToStep, followWorkflow };
  const menuItems = wizardMenuItems({
    step: viewStep,
    exists: Boolean(settlement),
    inProgress: settlement?.status === 'in_progress',
    maxReachable,
    trainerReview: workflow?.trainerReview ?? null,
    runFinished: workflowStep === LAST_STEP,
  });
  // 'Send preview to trainers' on step 2: the send-preview step opens its modal (it holds the send).
  const openSendPreview = async () => {
    await goToStep(SEND_PREVIEW_STEP);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('open', SEND_PREVIEW_MODAL);
        return next;
      },
      { replace: true },
    );
  };
  const showAccountingEmail = () => {
    const form = document.querySelector<HTMLElement>('[data-testid="accounting-email-form"]');
    form?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    form?.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true });
  };
  const title = settlement ? t('settlement.wizard.title') : t('settlement.wizard.newTitle');

  const header = (
    <PageHeader
      title={title}
      actions={
        <Group gap="sm">
          <Button component={Link} to={`/${locale}/admin/settlements`} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('settlement.wizard.backToIndex')}
          </Button>
          <Menu position="bottom-end" withinPortal shadow="md" closeOnClickOutside>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('settlement.wizard.moreActions')} data-testid="wizard-menu">
                <IconDots />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {menuItems.map((item) => {
                const testId = `wizard-${MENU_ITEM_TEST_IDS[item]}`;
                const label = t(MENU_ITEM_LABELS[item]);
                switch (item) {
                  case 'reload':
                    return (
                      <Menu.Item key={item} onClick={() => void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid) })} data-testid={testId}>
                        {label}
                      </Menu.Item>
                    );
                  case 'trainerOverview':
                    return (
                      <Menu.Item key={item} component={Link} to={`/${locale}/admin/settlement/${settlementUuid}`} data-testid={testId}>
                        {label}
                      </Menu.Item>
                    );
                  case 'trainerPreviews':
                  case 'approveAll':
                  case 'sendAll':
                  case 'sendCreditNotes': {
                    // The preview check holds these; the three commands open their modal there.
                    const open = item === 'trainerPreviews' ? '' : `?open=${PREVIEW_CHECK_MODALS[item]}`;
                    return (
                      <Menu.Item key={item} component={Link} to={`/${locale}/admin/settlement/${settlementUuid}/preview-check${open}`} data-testid={testId}>
                        {label}
                      </Menu.Item>
                    );
                  }
                  case 'finish':
                    return (
                      <Menu.Item key={item} color="green" onClick={() => setCommandAction('finish_settlement')} data-testid={testId}>
                        {label}
                      </Menu.Item>
                    );
                  case 'next':
                    return (
                      <Menu.Item key={item} onClick={() => void goToStep(viewStep + 1)} data-testid={testId}>
                        {label}
                      </Menu.Item>
                    );
                  case 'sendPreview':
                    return (
                      <Menu.Item key={item} onClick={() => void openSendPreview()} data-testid={testId}>
                        {label}
                      </Menu.Item>
                    );
                  case 'accountingEmail':
                    return (
                      <Menu.Item key={item} onClick={showAccountingEmail} data-testid={testId}>
                        {label}
                      </Menu.Item>
                    );
                }
              })}
            </Menu.Dropdown>
          </Menu>
        </Group>
      }
    />
  );

  if (detail.isPending) {
    return (
      <>
        {header}
        <Center mih={320}>
          <Loader type="dots" aria-label={t('common.loading')} />
        </Center>
      </>
    );
  }
  if (detail.isError && !isNew) {
    return (
      <>
        {header}
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="wizard-load-error">
          {errorMessage(detail.error)}
        </Alert>
      </>
    );
  }

  return (
    <>
      {header}
      <Stack gap="lg">
        <Card>
          <Group justify="space-between" mb="sm" gap="md">
            <Group gap="xs">
              <Text fw={600}>{t('settlement.wizard.month')}</Text>
              <Text fw={700} data-testid="wizard-month">
                {month ? formatMonth(month, locale) : t('settlement.wizard.noMonth')}
              </Text>
              {settlement && <SettlementStatusBadge status={settlement.status} size="sm" />}
            </Group>
            <Text size="sm" c="dimmed" data-testid="wizard-step-of">
              {t('settlement.wizard.stepOf', { step: viewStep + 1, total: WIZARD_STEPS.length })}
            </Text>
          </Group>
          <Progress
            value={progressOfStep(viewStep)}
            size="sm"
            radius="xl"
            mb="lg"
            aria-label={t('settlement.wizard.progressLabel')}
            data-testid="wizard-progress"
            data-value={progressOfStep(viewStep)}
          />
          <Stepper
            active={viewStep}
            size="xs"
            iconSize={28}
            wrap={false}
            allowNextStepsSelect={false}
            onStepClick={(step) => {
              if (step !== viewStep && step <= maxReachable) void goToStep(step);
            }}
            data-testid="wizard-stepper"
          >
            {WIZARD_STEPS.map((key, index) => (
              <Stepper.Step
                key={key}
                label={t(`settlement.wizard.steps.${key}`)}
                allowStepSelect={Boolean(settlement) && settlement?.status === 'in_progress' && index !== viewStep && index <= maxReachable && !jump.isPending}
                data-testid={`wizard-step-${index}`}
              />
            ))}
          </Stepper>
        </Card>

        {joinError !== null && (
          <Alert color="yellow" icon={<IconInfo />} data-testid="wizard-live-off">
            {t('settlement.wizard.liveOff', { message: joinError })}
          </Alert>
        )}
        {settlement && !workflow && settlement.status === 'in_progress' && (
          <Alert color="yellow" icon={<IconInfo />} data-testid="wizard-process-unavailable">
            {t('settlement.wizard.processUnavailable')}
          </Alert>
        )}

        <div data-testid="wizard-step-pane" data-step={viewStep}>
          {viewStep === 0 && !month && <StepLoader load={loadDateStep} props={stepProps} />}
          {viewStep === 0 && month && <StepLoader load={loadSelectTrainerStep} props={stepProps} />}
          {viewStep === 1 && <StepLoader load={loadPrepareDataStep} props={stepProps} />}
          {viewStep === 2 && <StepLoader load={loadSendPreviewStep} props={stepProps} />}
          {viewStep === 3 && <StepLoader load={loadFeedbackReviewStep} props={stepProps} />}
          {viewStep === 4 && <StepLoader load={loadCreditNotesStep} props={stepProps} />}
          {viewStep === 5 && <StepLoader load={loadSummaryStep} props={stepProps} />}
        </div>

        {viewStep === LAST_STEP && settlement && (
          <Group data-testid="wizard-finish-links">
            <DownloadBankingXmlButton group={group} settlementUuid={settlementUuid} />
            <Button component={Link} to={`/${locale}/admin/settlement/${settlementUuid}?tab=log`} variant="light" data-testid="wizard-show-logs">
              {t('settlement.wizard.showLogs')}
            </Button>
            <Anchor component={Link} to={`/${locale}/admin/settlements`} size="sm" data-testid="wizard-back-to-index">
              {t('settlement.wizard.backToIndex')}
            </Anchor>
          </Group>
        )}
      </Stack>

      {settlement && month && (
        <SettlementCommandModal
          group={group}
          settlementUuid={settlementUuid}
          month={month}
          action={commandAction}
          onClose={() => setCommandAction(null)}
          onDone={() => navigate(`/${locale}/admin/settlement/${settlementUuid}`)}
        />
      )}
    </>
  );
}
