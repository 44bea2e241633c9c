import { Alert, Badge, Card, Center, Group, Loader, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_PURPOSES, type TOutboxList } from '../../../../contracts/outbox.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';
import { useOutboxEmail } from './api';
import { formatEmailTime, framedEmailHtml } from './outbox-format';
import { IconMail, IconPaperclip } from './icons';
import { OutboxStatusBadge } from './OutboxStatusBadge';

/** 'Settlement preview' for the purposes the screens know; any other purpose as it is. */
export function usePurposeLabel() {
  const { t } = useTranslation();
  return (purpose: string) => ((MAIL_PURPOSES as readonly string[]).includes(purpose) ? t(`outbox.purpose.${purpose as (typeof MAIL_PURPOSES)[number]}`) : purpose);
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The selected e-mail: who, when, its status, and the message as the recipient sees it (HTML) or as text. */
export function EmailDetail({ studioGroupUuid, uuid, delivery }: { studioGroupUuid: string; uuid: string | null; delivery: TOutboxList['delivery'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const purposeLabel = usePurposeLabel();
  const email = useOutboxEmail(studioGroupUuid, uuid);

  if (uuid === null) {
    return (
      <Card h="100%" mih={300} data-testid="outbox-detail-empty">
        <Center h="100%" mih={260}>
          <Stack align="center" gap="xs">
            <IconMail size={32} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed" size="sm">
              {t('outbox.detail.empty')}
            </Text>
          </Stack>
        </Center>
      </Card>
    );
  }
  if (email.isPending) {
    return (
      <Card mih={300}>
        <Center mih={260}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      </Card>
    );
  }
  if (email.isError) {
    return (
      <Alert color="red" icon={<IconAlert />} role="alert" data-testid="outbox-detail-error">
        {t('outbox.detail.loadError')} {errorMessage(email.error)}
      </Alert>
    );
  }

  const detail = email.data;
  return (
    <Card padding="lg" data-testid="outbox-detail" data-email={detail.uuid}>
      <Stack gap="md">
        <Stack gap={8}>
          <Title order={3} fz="lg" lh={1.3} data-testid="outbox-detail-subject">
            {detail.subject}
          </Title>
          <Group gap="xs">
            <OutboxStatusBadge status={detail.status} delivery={delivery} />
            <Badge color="indigo" variant="outline" tt="none">
              {purposeLabel(detail.purpose)}
            </Badge>
          </Group>
        </Stack>
        <Stack gap={4}>
          <Meta label={t('outbox.detail.to')}>{detail.to}</Meta>
          <Meta label={t('outbox.detail.createdAt')}>{formatEmailTime(detail.createdAt, locale)}</Meta>
          <Meta label={t('outbox.detail.sentAt')}>{detail.sentAt ? formatEmailTime(detail.sentAt, locale) : t('outbox.detail.notSent')}</Meta>
          {detail.attachments.length > 0 && (
            <Meta label={t('outbox.detail.attachments')}>
              <Group gap={6}>
                {detail.attachments.map((attachment) => (
                  <Badge key={attachment.fileName} variant="default" tt="none" leftSection={<IconPaperclip size={12} />}>
                    {attachment.fileName}
                  </Badge>
                ))}
              </Group>
            </Meta>
          )}
        </Stack>
        {detail.error && (
          <Alert color={detail.status === 'failed' ? 'red' : 'yellow'} icon={<IconAlert />} data-testid="outbox-detail-failure">
            {detail.status === 'failed' ? t('outbox.detail.refused') : t('outbox.detail.lastError')} {detail.error}
          </Alert>
        )}
        <Tabs defaultValue={detail.html ? 'html' : 'text'} keepMounted={false}>
          <Tabs.List>
            {detail.html && (
              <Tabs.Tab value="html" data-testid="outbox-tab-html">
                {t('outbox.detail.tabs.html')}
              </Tabs.Tab>
            )}
            <Tabs.Tab value="text" data-testid="outbox-tab-text">
              {t('outbox.detail.tabs.text')}
            </Tabs.Tab>
          </Tabs.List>
          {detail.html && (
            <Tabs.Panel value="html" pt="sm">
              {/* No scripts, no same-origin access: the e-mail is content, not part of the app. */}
              <iframe
                title={t('outbox.detail.frameTitle', { subject: detail.subject })}
                srcDoc={framedEmailHtml(detail.html)}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                style={{ width: '100%', height: 560, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#f1f3f5' }}
                data-testid="outbox-detail-html"
              />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="text" pt="sm">
            <ScrollArea.Autosize mah={560} type="auto">
              <Text
                component="pre"
                size="sm"
                m={0}
                p="md"
                bg="gray.0"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'var(--mantine-font-family-monospace)', borderRadius: 8 }}
                data-testid="outbox-detail-text"
              >
                {detail.text}
              </Text>
            </ScrollArea.Autosize>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
