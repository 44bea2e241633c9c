/**
 * Unread notifications of the trainer (spec: trainer layout, bell badge). The notification API
 * (GET /api/v2/trainer_account_notification_dto/{user}) is not built yet, so this answers "no
 * data" and the bell shows no badge; it becomes a useQuery on a query-key factory once the
 * endpoint exists, and callers stay as they are.
 */
export function useUnreadNotificationCount(): { data: number | undefined } {
  return { data: undefined };
}
