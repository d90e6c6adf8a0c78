import { EmailRedirectPage } from "../../features/auth/components/email-redirect-page";

export default function Route() {
  return <EmailRedirectPage />;
}
