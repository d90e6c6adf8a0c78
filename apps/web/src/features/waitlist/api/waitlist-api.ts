import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { JoinWaitlistRequest } from "@tavolo/shared/waitlist";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";

/**
 * The waitlist's requests (decision 029). Types only from the shared contract: the
 * control is shown on public pages, which stay zod-free (decision 012).
 */
const WAITLIST_KEY = ["waitlist"] as const;

/** The caller's entries and holds; kept fresh while a hold's minutes run. */
export const waitlistQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: WAITLIST_KEY,
    queryFn: ({ signal }) => api.get("/client/waitlist", { signal }),
    select: (answer) => answer.entries,
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

export const useWaitlist = (enabled = true) => useQuery({ ...waitlistQuery(useApiClient()), enabled });

/** Start times of a day with a table free for the party (the restaurant page's question). */
/** Every answer to the waitlist changes the lists, and possibly what is free. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: WAITLIST_KEY });
    void queryClient.invalidateQueries({ queryKey: ["reservations"] });
    void queryClient.invalidateQueries({ queryKey: ["restaurants"] });
  };
}

export function useJoinWaitlist() {
  const api = useApiClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: JoinWaitlistRequest) => api.post("/client/waitlist", { body }),
    onSuccess: refresh,
  });
}

export function useLeaveWaitlist() {
  const api = useApiClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (entryId: string) => api.delete("/client/waitlist/:id", { params: { id: entryId } }),
    onSuccess: refresh,
  });
}

export function useAnswerHold() {
  const api = useApiClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ holdId, answer }: { holdId: string; answer: "confirm" | "decline" }) =>
      api.post(`/client/holds/:id/${answer}`, { params: { id: holdId } }),
    // A 410 (expired) or 409 changed the lists too.
    onSettled: refresh,
  });
}

/**
 * GET /client/holds/by-link: what the hold mail's link would confirm, read without acting (decision
 * 040). No retry: a 410 (spent or expired link) or 404 is the answer, not a hiccup.
 */
export function useHoldByLink(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ["hold-link", token],
    queryFn: ({ signal }) => api.get("/client/holds/by-link", { query: { token }, signal, anonymous: true }),
    enabled: token !== "",
    retry: false,
    select: (answer) => answer.hold,
    // The page's own answer: never refetched behind the diner's back while they decide.
    staleTime: Infinity,
  });
}

/** The hold mail's one-tap link: the token stands for the diner, no session needed. */
export function useConfirmHoldByLink() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (token: string) => api.post("/client/holds/confirm-by-link", { body: { token }, anonymous: true }),
  });
}
