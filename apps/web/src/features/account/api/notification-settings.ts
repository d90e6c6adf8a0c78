import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  notificationSettingsResponseSchema,
  saveNotificationSettingsResponseSchema,
  type NotificationSettings,
  type NotificationSettingsResponse,
} from "@tavolo/shared/account";
import { useApiClient } from "../../../lib/api-client-context";
import { parseAnswer } from "../../../lib/parse-answer";

const key = (userId: string) => ["notification-settings", userId] as const;

/** GET /client/notification-settings: the saved preferences, or the defaults. */
export function useNotificationSettings(userId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: key(userId),
    queryFn: async ({ signal }) =>
      parseAnswer(api, notificationSettingsResponseSchema, await api.get("/client/notification-settings", { signal })),
    select: (data) => data.settings,
  });
}

/** PUT /client/notification-settings; the cache follows at once, and goes back if refused. */
export function useSaveNotificationSettings(userId: string) {
  const queryClient = useQueryClient();
  const api = useApiClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings) =>
      parseAnswer(
        api,
        saveNotificationSettingsResponseSchema,
        await api.put("/client/notification-settings", { body: settings }),
      ),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: key(userId) });
      const previous = queryClient.getQueryData<NotificationSettingsResponse>(key(userId));
      queryClient.setQueryData<NotificationSettingsResponse>(key(userId), { success: true, settings });
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(key(userId), context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(key(userId), data),
  });
}
