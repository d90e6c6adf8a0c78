import { useMutation } from "@tanstack/react-query";
import { profileResponseSchema, type UpdateProfileRequest } from "@tavolo/shared/auth";
import { apiClient, clientPath } from "../../../lib/api-client";
import { parseAnswer } from "../../../lib/parse-answer";

/** PUT /client/updateProfile/:id (SPEC §7): the caller's own fields; the answer is the stored profile. */
export async function updateProfile(userId: string, changes: UpdateProfileRequest) {
  const body = await apiClient.put<unknown>(clientPath(`/updateProfile/${encodeURIComponent(userId)}`), changes);
  return parseAnswer(profileResponseSchema, body);
}

export function useUpdateProfile(userId: string) {
  return useMutation({ mutationFn: (changes: UpdateProfileRequest) => updateProfile(userId, changes) });
}
