import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApiClient } from "../../../lib/api-client-context";
import { useLocalizedKey } from "../../../lib/localized-query-key";

/** Every list of the caller's city alerts; registering or removing one invalidates it. */
export const CITY_INTERESTS_KEY = ["city-interests"] as const;

/** GET /client/city-interests: the signed-in diner's Last Minute city alerts, by city name. */
export function useCityInterests(userId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: useLocalizedKey([...CITY_INTERESTS_KEY, userId]),
    queryFn: ({ signal }) => api.get("/client/city-interests", { signal }),
    select: (data) => data.interests,
  });
}

/** DELETE /client/city-interests/:city; the list is fetched again once the server agrees. */
export function useRemoveCityInterest() {
  const queryClient = useQueryClient();
  const api = useApiClient();
  return useMutation({
    mutationFn: (citySlug: string) => api.delete("/client/city-interests/:city", { params: { city: citySlug } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CITY_INTERESTS_KEY }),
  });
}
