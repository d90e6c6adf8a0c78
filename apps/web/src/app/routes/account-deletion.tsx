import { AccountDeletionPage } from "../../features/legal/components/account-deletion-page";

export default function AccountDeletionRoute() {
  return <AccountDeletionPage />;
}
