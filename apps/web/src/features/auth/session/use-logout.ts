import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../config/paths";
import { useSession } from "./session-context";

/** Logout always ends on home, whatever the server answered (SPEC §4). */
export function useLogout(): () => Promise<void> {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    await navigate(paths.home());
  }, [signOut, navigate]);
}
