import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';
import { clearSession } from '../../shared/session';
import { useDeleteAccount, useDeleteAccountToken } from '../shared/api';
import { CurrentPasswordField, useCurrentPassword } from '../shared/CurrentPasswordField';

/**
 * Delete tab (spec 2): the dialog fetches a delete token when it opens and asks for the current
 * password; confirming deletes the account with both and logs out to the log-in page. The server
 * keeps issued credit notes (legal records).
 */
export function DeleteAccountTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const token = useDeleteAccountToken({ enabled: open });
  const remove = useDeleteAccount();
  const currentPassword = useCurrentPassword();
  const close = () => {
    setOpen(false);
    currentPassword.clear();
    remove.reset();
  };

  const confirm = () => {
    if (!token.data || !currentPassword.check()) return;
    remove.mutate({ token: token.data.csrf_token, currentPassword: currentPassword.value }, {
      onSuccess: (answer) => {
        setOpen(false);
        notifications.show({ color: 'green', message: answer.message, withBorder: true });
        // The server revoked every session: drop this one and its cache, then to the log-in page.
        clearSession('loggedOut');
        queryClient.clear();
        void navigate(`/${locale}/login`, { replace: true });
      },
    });
  };

  return (
    <Stack gap="md" maw={640} data-testid="delete-account">
      <Text size="sm">{t('trainerPortal.deleteAccount.text')}</Text>
      <Group>
        <Button color="red" variant="light" onClick={() => setOpen(true)} data-testid="delete-account-open">
          {t('trainerPortal.deleteAccount.button')}
        </Button>
      </Group>
      <Modal opened={open} onClose={close} title={t('trainerPortal.deleteAccount.modalTitle')} centered data-testid="delete-account-modal">
        <Stack gap="md">
          <Text size="sm">{t('trainerPortal.deleteAccount.modalText')}</Text>
          <CurrentPasswordField currentPassword={currentPassword} />
          {(remove.isError || token.isError) && (
            <Alert color="red" icon={<IconAlert />} data-testid="delete-account-error">
              {remove.isError ? errorMessage(remove.error) : t('trainerPortal.deleteAccount.error')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-testid="delete-account-cancel">
              {t('trainerPortal.deleteAccount.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending || token.isFetching} disabled={!token.data} data-testid="delete-account-confirm">
              {t('trainerPortal.deleteAccount.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
