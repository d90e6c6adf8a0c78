import { SettingsPage } from "../../features/account/components/settings-page";
import { useSession } from "../../features/auth/session/session-context";
import { useLogout } from "../../features/auth/session/use-logout";
import { LanguageSelector } from "../../features/shell/components/language-selector";

export default function SettingsRoute() {
  const { user } = useSession();
  const logout = useLogout();
  return <SettingsPage user={user} languageControl={<LanguageSelector />} onLogout={() => void logout()} />;
}
