import { Alert, Button, Loader, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../shared/api/client';
import { useConfirmEmail } from '../../shared/account-links/api';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePageTitle } from '../../shared/hooks/use-page-title';
import { useSession } from '../../shared/session';
import { PublicCard } from './PublicCard';

/** /:locale/confirm-email/:token: opens the e-mailed confirmation link once and says how it went. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const { token = '' } = useParams();
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  usePageTitle(t('accountLinks.confirmEmail.title'));
  useEffect(() => {
    // Once per page: the link is single-use (React's development double effect must not spend it twice).
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);
  return (
    <PublicCard testId="confirm-email">
      <Title order={1} size="h2">{t('accountLinks.confirmEmail.title')}</Title>
      {confirm.isPending || confirm.isIdle ? (
        <Loader size="sm" aria-label={t('accountLinks.confirmEmail.confirming')} />
      ) : confirm.isSuccess ? (
        <Alert color="green" icon={<IconCheck />} data-testid="confirm-email-done">
          {confirm.data.message}
        </Alert>
      ) : (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="confirm-email-error">
          {errorMessage(confirm.error)}
        </Alert>
      )}
      <Button variant="light" onClick={() => void navigate(session ? `/${locale}/trainer/profile` : `/${locale}/login`)}>
        {t('accountLinks.confirmEmail.toPortal')}
      </Button>
    </PublicCard>
  );
}
