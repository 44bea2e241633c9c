import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApproveNotificationRequest, TTrainerNotification, TTrainerNotificationList } from '../../../../contracts/trainer-account.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session';

// The list feeds the bell on every screen of the portal: its answer is typed, not parsed, so the
// first screen loads no zod; marking one read loads the contract with the call (docs/decisions/0145).
export const notificationQueryKeys = queryKeysFactory('trainer-notification');

const userPath = (userUuid: string | undefined) => encodeURIComponent(userUuid ?? '');

/** GET /api/v2/trainer_account_notification_dto/{user}: the list, newest first. */
export function useNotifications() {
  const session = useSession();
  const isTrainer = session?.role === 'trainer';
  return useQuery({
    queryKey: notificationQueryKeys.list({ user: session?.userUuid ?? '' }),
    queryFn: ({ signal }) =>
      apiRequest<TTrainerNotificationList>(`/api/v2/trainer_account_notification_dto/${userPath(session?.userUuid)}`, { signal }),
    enabled: isTrainer,
    // New notifications arrive without a page load; a minute is soon enough for the bell.
    refetchInterval: 60_000,
  });
}

/** Spec 4: the unread count is the number of notifications with approved null. */
export const countUnread = (notifications: readonly TTrainerNotification[]) => notifications.filter((notification) => notification.approved === null).length;

/** Unread notifications of the trainer (spec: trainer layout, bell badge), counted from the list. */
export function useUnreadNotificationCount(): { data: number | undefined } {
  const notifications = useNotifications().data;
  return { data: notifications ? countUnread(notifications) : undefined };
}

/** PATCH /api/v2/trainer_account_notification/approve/{user}: marks a notification read. */
export function useApproveNotification() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TApproveNotificationRequest) =>
      apiRequest(`/api/v2/trainer_account_notification/approve/${userPath(session?.userUuid)}`, {
        method: 'PATCH',
        body,
        schema: async () => (await import('../../../../contracts/trainer-account.contract')).ZApproveNotificationAnswer,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.lists() }),
  });
}
