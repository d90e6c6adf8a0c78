import { GoogleCallbackPage } from "../../features/auth/components/google-callback-page";

export default function Route() {
  return <GoogleCallbackPage />;
}
