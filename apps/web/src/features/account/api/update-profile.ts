import { useMutation } from "@tanstack/react-query";
import type { AuthUser } from "@tavolo/shared/auth";
import { apiClient, clientPath } from "../../../lib/api-client";

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
  language?: string;
}

/** PUT /client/updateProfile/:id (SPEC §7): the caller's own fields; the answer is the stored profile. */
export function updateProfile(userId: string, changes: ProfileChanges) {
  return apiClient.put<{ success: true; profile: AuthUser }>(
    clientPath(`/updateProfile/${encodeURIComponent(userId)}`),
    changes,
  );
}

export function useUpdateProfile(userId: string) {
  return useMutation({ mutationFn: (changes: ProfileChanges) => updateProfile(userId, changes) });
}
