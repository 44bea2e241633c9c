import { Alert, Avatar, Center, Group, Loader, ScrollArea, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TTrainerNotification } from '../../../../contracts/trainer-account.contract';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { formatNumericDate } from '../../shared/dates';
import { useLocale } from '../../shared/hooks/use-locale';
import { localizedAppLink } from './notification-link';
import { countUnread, useApproveNotification, useNotifications } from './api';
import { initialsOf } from '../../shared/initials';

/** Spec 9: notifications show their date as DD.MM.YYYY whatever the language. */
export const formatNotificationDate = (iso: string) => formatNumericDate(iso);

/**
 * The bell's panel (spec 2 "Trainer layout"): newest first; unread ones highlighted. A click marks an
 * unread one read (PATCH approve) and then follows its link (spec 4); a read one goes straight there.
 */
export function NotificationPanel({ onFollow }: { onFollow: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const notifications = useNotifications();
  const approve = useApproveNotification();

  const follow = async (notification: TTrainerNotification) => {
    if (notification.approved === null) {
      // A failed approval must not keep the trainer from the link; the badge refreshes either way.
      await approve.mutateAsync({ idStudioGroup: notification.studioGroupUuid, idNotification: notification.id }).catch(() => undefined);
    }
    onFollow();
    // Review links come from the server without a locale: open them in the page's language.
    const inApp = localizedAppLink(notification.link, locale, window.location.origin);
    if (inApp) void navigate(inApp);
    else window.location.assign(notification.link);
  };

  if (notifications.isPending) {
    return (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!notifications.data) {
    return (
      <Alert color="red" icon={<IconAlert />} m="sm">
        {t('trainerAccount.notifications.loadError')}
      </Alert>
    );
  }
  const list = notifications.data;
  const unreadCount = countUnread(list);
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Text fw={700}>{t('trainerAccount.notifications.title')}</Text>
        {unreadCount > 0 && (
          <Text size="sm" c="dimmed">
            {t('trainerAccount.notifications.unreadCount', { count: unreadCount })}
          </Text>
        )}
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm" p="md" data-testid="notifications-empty">
          {t('trainerAccount.notifications.empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Stack gap={0} data-testid="notification-list">
            {list.map((notification) => {
              const unread = notification.approved === null;
              return (
                <UnstyledButton
                  key={notification.id}
                  onClick={() => void follow(notification)}
                  px="md"
                  py="sm"
                  bg={unread ? 'brand.0' : undefined}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
                  data-testid="notification-item"
                  data-unread={unread || undefined}
                >
                  {/* Named by what it shows (WCAG 2.5.3 Label in Name), led by whether it was read. */}
                  <VisuallyHidden>{`${unread ? t('trainerAccount.notifications.unread') : t('trainerAccount.notifications.read')}: `}</VisuallyHidden>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    {/* The group's logo (never null); decorative: the group's name stands beside it. */}
                    <Avatar src={notification.studioGroupLogoPath} alt="" size={32} radius="sm" color="brand" variant="light" data-testid="notification-logo">
                      <Text fz={11} fw={700}>
                        {initialsOf(notification.studioGroupName)}
                      </Text>
                    </Avatar>
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs" c="dimmed">
                          {formatNotificationDate(notification.created.date)}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {notification.studioGroupName}
                        </Text>
                      </Group>
                      <Text size="sm" fw={unread ? 600 : 400}>
                        {notification.message}
                      </Text>
                    </Stack>
                    {!unread && (
                      <ThemeIcon size={20} radius="xl" color="green" variant="light" aria-hidden>
                        <IconCheck size={12} />
                      </ThemeIcon>
                    )}
                  </Group>
                </UnstyledButton>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
