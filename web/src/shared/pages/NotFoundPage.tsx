import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '../components/Logo';
import { useLocale } from '../hooks/use-locale';
import { usePageTitle } from '../hooks/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageTitle(t('notFound.title'));
  return (
    <Center mih="70vh" p="md" data-testid="not-found">
      <Stack align="center" gap="md" maw={420} ta="center">
        <LogoMark size={44} />
        <Text fz={64} fw={800} lh={1} c="brand.7" style={{ letterSpacing: '-0.04em' }}>
          404
        </Text>
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to={`/${locale}`}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
