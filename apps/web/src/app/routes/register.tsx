import { RegisterPage } from "../../features/auth/components/register-page";

export default function Route() {
  return <RegisterPage />;
}
