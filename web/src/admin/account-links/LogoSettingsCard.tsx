import { Alert, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES } from '../../../../contracts/account-links.contract';
import { errorMessage } from '../../shared/api/client';
import { useChangeStudioGroupLogo, useStudioGroupLogo } from '../../shared/account-links/api';
import { GroupLogo } from '../../shared/account-links/GroupLogo';
import { IconAlert } from '../../shared/components/icons';

const toBase64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
};

/** Settings: the studio group's logo (PNG or JPEG, checked by the server by content, at most 512 KB). */
export function LogoSettingsCard({ studioGroupUuid, name }: { studioGroupUuid: string; name: string }) {
  const { t } = useTranslation();
  const logo = useStudioGroupLogo(studioGroupUuid);
  const change = useChangeStudioGroupLogo(studioGroupUuid);
  const path = logo.data?.studioGroupLogoPath ?? null;
  const uploaded = logo.data?.studioGroupLogoUploaded ?? false;
  const done = { onSuccess: (saved: { message: string }) => notifications.show({ color: 'green', message: saved.message, autoClose: 4000 }) };
  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      // Not worth sending: the server refuses it too (it checks size and content itself).
      notifications.show({ color: 'red', message: t('accountLinks.logo.tooLarge'), autoClose: 4000 });
      return;
    }
    change.mutate(await toBase64(file), done);
  };
  return (
    <Card data-testid="logo-settings">
      <Stack gap="sm">
        <Title order={4}>{t('accountLinks.logo.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('accountLinks.logo.description')}
        </Text>
        <Group gap="lg">
          {/* A new file at the same path: the query string makes the browser fetch it again. */}
          <GroupLogo name={name} logoPath={path ? `${path}?v=${change.submittedAt}` : null} size={56} />
          {logo.data && !uploaded && (
            <Text size="sm" c="dimmed">
              {t('accountLinks.logo.none')}
            </Text>
          )}
        </Group>
        {change.isError && (
          <Alert color="red" icon={<IconAlert />} role="alert" data-testid="logo-error">
            {errorMessage(change.error)}
          </Alert>
        )}
        <Group>
          <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg">
            {(props) => (
              <Button type="button" variant="light" loading={change.isPending} {...props} data-testid="logo-upload">
                {t('accountLinks.logo.upload')}
              </Button>
            )}
          </FileButton>
          {uploaded && (
            <Button type="button" variant="subtle" color="red" onClick={() => change.mutate(null, done)} data-testid="logo-remove">
              {t('accountLinks.logo.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
