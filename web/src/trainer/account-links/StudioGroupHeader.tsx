import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/client';
import { useDeleteStudioConnection } from '../../shared/account-links/api';
import { GroupLogo } from '../../shared/account-links/GroupLogo';
import { IconAlert } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { usePageTitle } from '../../shared/hooks/use-page-title';
import { useConnectedStudioGroups } from '../shared/api';

/**
 * The studio page's header (trainer spec 2 "Studio page"): company name, studio group name and logo
 * (initials without one), and the delete-connection button with its confirmation modal; success goes
 * to the profile, a refusal (a settlement awaiting the trainer's approval) says why in the modal.
 */
export function StudioGroupHeader({ studioGroupUuid, name }: { studioGroupUuid: string; name: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const connected = useConnectedStudioGroups().data?.find((group) => group.studioGroupUuid === studioGroupUuid);
  const remove = useDeleteStudioConnection();
  const company = connected?.studioGroupCompanyName ?? name;
  usePageTitle(name);
  // On a phone the remove button goes under the name rather than squeezing it.
  const phone = usePhone();

  const onClose = () => {
    remove.reset();
    close();
  };
  const onDelete = () =>
    remove.mutate(studioGroupUuid, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message, autoClose: 4000 });
        close();
        void navigate(`/${locale}/trainer/profile`, { replace: true });
      },
    });

  return (
    <Group justify="space-between" align="center" mb="lg" wrap={phone ? 'wrap' : 'nowrap'} data-testid="studio-header">
      <Group gap="md" wrap="nowrap">
        <GroupLogo name={company} logoPath={connected?.studioGroupLogoPath} size={52} />
        <Stack gap={0} miw={0}>
          <Title order={1} size="h2" data-testid="studio-company" style={{ overflowWrap: 'anywhere' }}>
            {company}
          </Title>
          <Text c="dimmed" size="sm" data-testid="studio-name">
            {name}
          </Text>
        </Stack>
      </Group>
      <Button variant="subtle" color="red" onClick={open} data-testid="studio-disconnect">
        {t('accountLinks.studio.disconnect')}
      </Button>
      <Modal opened={opened} onClose={onClose} title={t('accountLinks.studio.disconnectTitle', { company })} centered>
        <Stack gap="md" data-testid="disconnect-modal">
          <Text size="sm">{t('accountLinks.studio.disconnectText', { company })}</Text>
          {remove.isError && (
            <Alert color="red" icon={<IconAlert />} role="alert" data-testid="disconnect-error">
              {errorMessage(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="disconnect-cancel">
              {t('accountLinks.studio.cancel')}
            </Button>
            <Button color="red" onClick={onDelete} loading={remove.isPending} data-testid="disconnect-confirm">
              {t('accountLinks.studio.disconnectConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
