import { useMutation, useQuery } from "@tanstack/react-query";
import type { ReminderAction } from "@tavolo/shared/reminders";
import { useApiClient } from "../../../lib/api-client-context";

/**
 * GET /client/reservations/reminder-link: the booking a reminder link is about, read without acting
 * (decision 046). No retry: a 410 (spent link) or 404 is the answer, not a hiccup.
 */
export function useReminderLink(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ["reminder-link", token],
    queryFn: ({ signal }) =>
      api.get("/client/reservations/reminder-link", { query: { token }, signal, anonymous: true }),
    enabled: token !== "",
    retry: false,
    // The page's own answer: never refetched behind the diner's back while they decide.
    staleTime: Infinity,
  });
}

/** POST …/attend-by-link or …/release-by-link: the button of the link's page. */
export function useAnswerReminder(action: ReminderAction) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post(action === "attend" ? "/client/reservations/attend-by-link" : "/client/reservations/release-by-link", {
        body: { token },
        anonymous: true,
      }),
  });
}
