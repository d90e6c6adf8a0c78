import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ApiError, type ApiClient } from "../lib/api-client";
import { ApiClientContext } from "../lib/api-client-context";
import { BookingLinkContext, bookingLinkFor } from "../lib/booking-link";
import { SessionProvider } from "../features/auth/session/session-provider";
import { useSession } from "../features/auth/session/session-context";
import { FavoritesProvider } from "../features/favorites/components/favorites-provider";

/** 4xx answers will not change on a retry; network trouble and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

interface ProvidersProps {
  children: ReactNode;
  /** The render's API client (decision 050): the browser's, or on the server the request's. */
  api: ApiClient;
  queryClient?: QueryClient;
  /** The variant rendered (decision 038): the server's, or a hydrating page's; else the cookie's. */
  sessionHint?: boolean;
}

export function Providers({ children, api, queryClient, sessionHint }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ApiClientContext.Provider value={api}>
        <SessionProvider hint={sessionHint}>
          <SessionFavorites>{children}</SessionFavorites>
        </SessionProvider>
      </ApiClientContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * The signed-in user's favorites behind every heart toggle (null while signed out or loading), and
 * where a booking link leads for this session (decision 065).
 */
function SessionFavorites({ children }: { children: ReactNode }) {
  const { status, user, showSignedIn } = useSession();
  return (
    <FavoritesProvider userId={status === "signedIn" ? (user?.id ?? null) : null} signedIn={showSignedIn}>
      <BookingLinkContext.Provider value={bookingLinkFor(showSignedIn)}>{children}</BookingLinkContext.Provider>
    </FavoritesProvider>
  );
}
