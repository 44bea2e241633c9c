import { Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localeOfPath, preferredLocale } from '../i18n/locales';
import { IconAlert } from './icons';
import { LogoMark } from './Logo';

/**
 * What the user sees when a page crashed. Uses plain links (no router hooks), because it also
 * renders outside the router when the app itself failed.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const details = error instanceof Error ? error.message : String(error);
  return (
    <Center mih="100vh" p="md" bg="gray.0" data-testid="error-page">
      <Paper withBorder shadow="sm" p="xl" maw={520} w="100%">
        <Stack gap="md">
          <Group gap="sm">
            <LogoMark size={28} />
            <Text c="red" component="span" display="flex">
              <IconAlert size={22} />
            </Text>
          </Group>
          <Title order={2}>{t('errorPage.title')}</Title>
          <Text c="dimmed">{t('errorPage.text')}</Text>
          {details && (
            <Stack gap={4}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                {t('errorPage.details')}
              </Text>
              <Code block>{details}</Code>
            </Stack>
          )}
          <Group>
            <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
            <Button variant="default" component="a" href={`/${localeOfPath(window.location.pathname) ?? preferredLocale()}`}>
              {t('errorPage.home')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
