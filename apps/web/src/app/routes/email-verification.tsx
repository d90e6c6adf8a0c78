import { EmailVerificationPage } from "../../features/auth/components/email-verification-page";

export default function Route() {
  return <EmailVerificationPage />;
}
