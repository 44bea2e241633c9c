import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client';
import { useResendConfirmation } from '../../shared/account-links/api';
import { IconInfo } from '../../shared/components/icons';
import { useTrainerAccount } from '../shared/api';

/** Trainer layout (spec 2): an unconfirmed e-mail offers resending the confirmation; afterwards 'Confirmation email re-send.' */
export function EmailConfirmationBanner() {
  const { t } = useTranslation();
  const account = useTrainerAccount().data;
  const resend = useResendConfirmation();
  if (!account || account.isVerified) return null;
  return (
    <Alert color="yellow" icon={<IconInfo />} mb="lg" data-testid="email-confirmation-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{resend.isSuccess ? resend.data.message : t('accountLinks.banner.text', { email: account.email })}</Text>
        {!resend.isSuccess && (
          <Button size="xs" variant="light" color="yellow" onClick={() => resend.mutate()} loading={resend.isPending} data-testid="email-confirmation-resend">
            {t('accountLinks.banner.resend')}
          </Button>
        )}
      </Group>
      {resend.isError && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {errorMessage(resend.error)}
        </Text>
      )}
    </Alert>
  );
}
