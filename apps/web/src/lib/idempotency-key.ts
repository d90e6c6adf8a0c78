import { useRef } from "react";

/** 128 random bits as hex: valid header text, and available outside secure contexts (unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * One key per booking attempt: sending the very same request again (a retry after a timeout or a
 * lost answer) reuses its key, so the server replays the first answer instead of booking twice;
 * any change to the request starts a new attempt with a new key (decision 007).
 */
export function useIdempotencyKey() {
  const last = useRef<{ request: string; key: string } | null>(null);
  return (request: unknown): string => {
    const serialized = JSON.stringify(request);
    if (last.current?.request !== serialized) last.current = { request: serialized, key: newIdempotencyKey() };
    return last.current.key;
  };
}
