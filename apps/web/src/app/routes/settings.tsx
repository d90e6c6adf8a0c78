import { SettingsPage } from "../../features/account/components/settings-page";
import { forgetBiometricSignIn } from "../../features/auth/session/biometric-sign-in";
import { useSession } from "../../features/auth/session/session-context";
import { useLogout } from "../../features/auth/session/use-logout";
import { useAccountDeleted } from "../use-account-deleted";
import { Avatar } from "../../features/shell/components/avatar";
import { LanguageSelector } from "../../features/shell/components/language-selector";
import { adoptUser } from "../adopt-user";
import { useApiClient } from "../../lib/api-client-context";

export default function SettingsRoute() {
  const { user, refreshUser } = useSession();
  const api = useApiClient();
  const logout = useLogout();
  const accountDeleted = useAccountDeleted();
  if (!user) return null;
  return (
    <SettingsPage
      user={user}
      onUserChanged={adoptUser}
      refreshProfile={refreshUser}
      avatar={<Avatar user={user} size="lg" />}
      languageControl={<LanguageSelector tone="wide" />}
      onLogout={() => void logout()}
      onPasswordChanged={() => void forgetBiometricSignIn(api)}
      onAccountDeleted={(message) => void accountDeleted(message)}
    />
  );
}
