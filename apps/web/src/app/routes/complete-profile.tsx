import { useLocation, useNavigate } from "react-router";
import { paths } from "../../config/paths";
import { CompleteProfilePage } from "../../features/account/components/complete-profile-page";
import { nextOf } from "../../features/auth/session/route-guards";
import { useSession } from "../../features/auth/session/session-context";
import { adoptUser } from "../adopt-user";

export default function CompleteProfileRoute() {
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  if (!user) return null;
  // Back where the user came from: the page that sent them (`?next=`), else the previous entry.
  const done = () => {
    const next = nextOf(location);
    if (next) void navigate(next, { replace: true });
    else if (location.key !== "default") void navigate(-1);
    else void navigate(paths.history(), { replace: true });
  };
  return <CompleteProfilePage user={user} onUserChanged={adoptUser} onDone={done} />;
}
