import { LoginPage } from "../../features/auth/components/login-page";

export default function Route() {
  return <LoginPage />;
}
