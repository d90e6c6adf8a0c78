import { useTranslation } from "react-i18next";
import type { AuthUser } from "@tavolo/shared/auth";
import type { StoredUser } from "../../../lib/storage";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { PhoneIcon } from "../../../components/ui/icons";
import { Card, Page } from "../../../components/ui/page";
import { ProfileForm } from "./profile-form";

/**
 * /completeProfile (SPEC §2, linked from history): name and a verified phone, then back to where
 * the user came from (`onDone`, decided by the route).
 */
export function CompleteProfilePage({
  user,
  onUserChanged,
  onDone,
}: {
  user: StoredUser;
  onUserChanged: (user: AuthUser) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t("completeProfile.title"));
  return (
    <Page
      title={t("completeProfile.title")}
      lead={t("completeProfile.subtitle")}
      icon={<PhoneIcon size={24} />}
      width="sm"
    >
      <Card>
        <ProfileForm
          user={user}
          onUserChanged={onUserChanged}
          submitLabel={t("completeProfile.submit")}
          onSaved={onDone}
        />
      </Card>
    </Page>
  );
}
