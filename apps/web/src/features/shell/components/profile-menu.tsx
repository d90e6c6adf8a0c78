import * as Menu from "@radix-ui/react-dropdown-menu";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { StoredUser } from "../../../lib/storage";
import { paths } from "../../../config/paths";
import { BellIcon, CalendarIcon, HeartIcon, LogoutIcon, UserIcon } from "../../../components/ui/icons";
import { ChevronDownIcon } from "../../../components/ui/page-icons";
import { displayNameOf } from "../../auth/session/user-display";
import { Avatar } from "./avatar";
import { UserIdentity } from "./user-identity";
import styles from "./profile-menu.module.css";

interface Props {
  user: StoredUser;
  onLogout: () => void;
}

export function ProfileMenu({ user, onLogout }: Props) {
  const { t } = useTranslation();
  const name = displayNameOf(user);
  const links = [
    { to: paths.settings(), label: t("nav.profile"), icon: <UserIcon size={18} /> },
    { to: paths.favorites(), label: t("nav.favorites"), icon: <HeartIcon size={18} /> },
    { to: paths.history(), label: t("nav.history"), icon: <CalendarIcon size={18} /> },
    { to: paths.notifications(), label: t("nav.notifications"), icon: <BellIcon size={18} /> },
  ];
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className={styles.trigger} aria-label={t("nav.accountMenu", { name })}>
        <Avatar user={user} />
        <span className={styles.triggerName}>{name}</span>
        <ChevronDownIcon size={16} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={styles.content} align="end" sideOffset={8}>
          <UserIdentity user={user} />
          <Menu.Separator className={styles.separator} />
          {links.map((link) => (
            <Menu.Item key={link.to} asChild className={styles.item}>
              <Link to={link.to}>
                {link.icon}
                {link.label}
              </Link>
            </Menu.Item>
          ))}
          <Menu.Separator className={styles.separator} />
          <Menu.Item className={`${styles.item} ${styles.logout}`} onSelect={onLogout}>
            <LogoutIcon size={18} />
            {t("nav.logout")}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
