import { Alert, Badge, Box, Center, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { useCreditNotePreview } from './api';
import { useTrainerAccount } from '../shared/api';
import { IconLock } from './icons';
import { ReviewClassTable } from './ReviewClassTable';
import { ReviewPersonalDataForm } from './ReviewPersonalDataForm';
import { isApproved } from './review-format';
import { ReviewSidePanel } from './ReviewSidePanel';
import { useReviewLiveUpdates } from './use-review-live-updates';

const SIDE_COLUMN_WIDTH = 320;

/**
 * /:locale/trainer/accounting/review/:studioGroupUuid/:settlementUuid — the trainer's review of a
 * month's credit-note preview (trainer portal 2: both variants in one screen). Locked once the
 * company approved or the credit note exists: no personal-data form, no comments, no approval.
 */
export function AccountingReviewPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { studioGroupUuid, settlementUuid } = useParams();
  const preview = useCreditNotePreview({ studioGroupUuid, settlementUuid });
  const account = useTrainerAccount();
  const [selected, setSelected] = useState<string | null>(null);
  useReviewLiveUpdates({ settlementUuid });
  // On a phone the thread sits under the whole list: a tap on a class brings it up to the thumb.
  const phone = usePhone();
  const threadRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phone && selected) threadRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [phone, selected]);

  if (preview.isPending && Boolean(studioGroupUuid && settlementUuid)) {
    return (
      <Center py="xl" mih={300}>
        <Loader data-testid="review-loading" aria-label={t('common.loading')} />
      </Center>
    );
  }
  // Spec 8: a missing settlement, a failed load or no review (204) all read 'No data found'.
  if (!studioGroupUuid || !settlementUuid || !preview.data) {
    return (
      <>
        <PageHeader title={t('trainerPortal.review.title')} />
        <Alert color="gray" icon={<IconInfo />} data-testid="review-no-data">
          {t('trainerPortal.review.noData')}
        </Alert>
      </>
    );
  }

  const data = preview.data;
  const companyApproved = isApproved(data.credit_note_info.approved_by_company);
  const target = { studioGroupUuid, settlementUuid };

  return (
    <Stack gap="lg" data-testid="review-page" data-locked={data.locked || undefined}>
      <Box>
        <PageHeader
          title={t('trainerPortal.review.headline', { month: formatMonth(data.settlementMonth, locale) })}
          description={t('trainerPortal.review.studioGroup', { name: data.credit_note_footer.studio_group_name })}
          actions={
            <Group gap="xs">
              {data.pdfCreated && (
                <Badge color="green" size="lg" data-testid="review-finished-badge">
                  {t('trainerPortal.review.finished')}
                </Badge>
              )}
              {companyApproved && (
                <Badge color="green" variant="light" size="lg" data-testid="review-company-approved-badge">
                  {t('trainerPortal.review.companyApproved')}
                </Badge>
              )}
            </Group>
          }
        />
        {data.locked ? (
          <Alert color="blue" icon={<IconLock />} data-testid="review-locked-banner">
            {data.pdfCreated && (
              <Text size="sm" fw={600}>
                {t('trainerPortal.review.finishedText')}
              </Text>
            )}
            <Text size="sm">{t('trainerPortal.review.locked')}</Text>
          </Alert>
        ) : (
          <Alert color="brand" variant="light" icon={<IconInfo />} data-testid="review-intro">
            {t('trainerPortal.review.intro')}
          </Alert>
        )}
      </Box>

      {!data.locked && account.data && <ReviewPersonalDataForm key={account.data.uuid} account={account.data} />}

      {/* The table takes what the side column (approvals, comments) leaves; stacked on small screens. */}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 'auto' }} miw={0}>
          <ReviewClassTable preview={data} selected={selected} onSelect={setSelected} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 'content' }}>
          <Box w={{ base: '100%', lg: SIDE_COLUMN_WIDTH }}>
            <ReviewSidePanel preview={data} target={target} selected={selected} threadRef={threadRef} />
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
