import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookLastMinuteRequest } from "@tavolo/shared/offers";
import { IDEMPOTENCY_KEY_HEADER } from "@tavolo/shared/constants";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { offerDetailKey } from "./get-last-minute";
import { localizedKey } from "../../../lib/localized-query-key";

export function bookLastMinute(api: ApiClient, body: BookLastMinuteRequest, idempotencyKey: string) {
  return api.post("/client/bookLastMinute", { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** Books seats; the offer's new seat count is shown at once, lists and history are refetched. */
export function useBookLastMinute() {
  const queryClient = useQueryClient();
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BookLastMinuteRequest; idempotencyKey: string }) =>
      bookLastMinute(api, body, idempotencyKey),
    onSuccess: (answer) => {
      queryClient.setQueryData(localizedKey(offerDetailKey(answer.offer.id)), answer.offer);
      void queryClient.invalidateQueries({ queryKey: ["offers", "list"] });
      void queryClient.invalidateQueries({ queryKey: ["reservations"] });
    },
  });
}
