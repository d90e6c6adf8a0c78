import { useSearchParams } from "react-router";
import { EmailChangeSentPage } from "../../features/account/components/email-change-sent-page";
import { EmailVerificationPage } from "../../features/auth/components/email-verification-page";
import { useSession } from "../../features/auth/session/session-context";

/** After registration (code to verify) or after an e-mail change request (link to the new address). */
export default function Route() {
  const [params] = useSearchParams();
  const { status, user } = useSession();
  if (params.get("change") === "1") {
    return (
      <EmailChangeSentPage
        email={params.get("email") ?? ""}
        userId={status === "signedIn" ? (user?.id ?? null) : null}
      />
    );
  }
  return <EmailVerificationPage />;
}
