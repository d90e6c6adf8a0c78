import { useSession } from "../../features/auth/session/session-context";
import { CompleteProfilePage } from "../../features/account/components/complete-profile-page";

export default function CompleteProfileRoute() {
  const { user } = useSession();
  return user ? <CompleteProfilePage user={user} /> : null;
}
