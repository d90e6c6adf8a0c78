import { useEffect } from "react";
import { useLocation } from "react-router";
import { HEADER_INFO_POLL_MS } from "@tavolo/shared/constants";
import { paths } from "../../../config/paths";
import { useSession } from "../../auth/session/session-context";

/**
 * SPEC §4: the header's profile info is re-read every 5 s while on the settings page, where it is
 * being edited (other screens announce their saves with the profile-updated event).
 */
export function useProfileRefresh(): void {
  const { pathname } = useLocation();
  const { status, refreshUser } = useSession();
  const active = status === "signedIn" && pathname === paths.settings();
  useEffect(() => {
    if (!active) return;
    void refreshUser();
    const timer = setInterval(() => void refreshUser(), HEADER_INFO_POLL_MS);
    return () => clearInterval(timer);
  }, [active, refreshUser]);
}
