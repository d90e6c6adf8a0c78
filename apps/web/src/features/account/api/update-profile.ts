import { useMutation } from "@tanstack/react-query";
import type { UpdateProfileRequest } from "@tavolo/shared/auth";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";

/**
 * PUT /client/updateProfile/:id (SPEC §7): the caller's own fields; the answer is the stored profile.
 * Typed, not parsed: the shell's language sync calls it on every page, which must stay zod-free
 * (decisions 012, 020).
 */
export function updateProfile(api: ApiClient, userId: string, changes: UpdateProfileRequest) {
  return api.put("/client/updateProfile/:id", { params: { id: userId }, body: changes });
}

export function useUpdateProfile(userId: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: (changes: UpdateProfileRequest) => updateProfile(api, userId, changes) });
}
