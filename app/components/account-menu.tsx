// The signed-in account: its avatar, the account menu of the workspace shell (profile settings,
// API tokens) and the sign-out button of pages outside a workspace.
import { Form, Link, useLocation } from "@remix-run/react";
import { APPEARANCE_PATH } from "~/lib/appearance-contract";
import { profilePath } from "~/lib/paths";
import { IconLogout, IconSettings, IconUser } from "./icons";
import { Menu, buttonClass, menuLinkItems, menuSeparatorClass } from "./ui";

const avatarSizes = { sm: "size-7 text-xs", lg: "size-16 text-xl" } as const;

/** The user's uploaded avatar (described by `alt`), or the first letter of their name on a dark disc. */
export function UserAvatar({
  name,
  avatar,
  size = "sm",
  alt = "",
}: {
  name: string;
  avatar?: string | null;
  size?: keyof typeof avatarSizes;
  /** Empty when the name is written next to it. */
  alt?: string;
}) {
  const sizing = avatarSizes[size];
  if (avatar) return <img src={avatar} alt={alt} className={`${sizing} shrink-0 rounded-full bg-neutral-100 object-cover`} />;
  return (
    <span
      aria-hidden="true"
      className={`${sizing} flex shrink-0 items-center justify-center rounded-full bg-neutral-800 font-medium text-surface uppercase`}
    >
      {name.slice(0, 1)}
    </span>
  );
}


/** The sidebar's account button: who is signed in, and the way to their profile and API tokens. */
export function AccountMenu({
  user,
  collapsed = false,
}: {
  user: { name: string; email: string; avatar?: string | null };
  collapsed?: boolean;
}) {
  const location = useLocation();
  const profile = profilePath(location.pathname + location.search);
  return (
    <Menu
      contentClassName="z-50 w-60"
      rootProps={{ positioning: { placement: "top-start", gutter: 6 } }}
      triggerProps={{ className: "flex min-w-0 flex-1 items-center gap-2 rounded-md p-1 text-left hover:bg-neutral-200/60 focus-visible:outline-2 focus-visible:outline-brand-500", "aria-label": `Account menu: ${user.name}`, title: user.email }}
      trigger={
        <>
          <UserAvatar name={user.name} avatar={user.avatar} />
          <span className={`min-w-0 flex-1 ${collapsed ? "md:hidden" : ""}`}>
            <span className="block truncate text-sm font-medium text-neutral-800">{user.name}</span>
            <span className="block truncate text-xs text-neutral-500">{user.email}</span>
          </span>
        </>
      }
    >
      {(Menu) => (
        <>
          <div className="flex items-center gap-2 px-2 pt-1.5 pb-2">
            <UserAvatar name={user.name} avatar={user.avatar} />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-neutral-900">{user.name}</p>
              <p className="truncate text-xs text-neutral-500">{user.email}</p>
            </div>
          </div>
          <Menu.Separator className={menuSeparatorClass} />
          {menuLinkItems(Menu, [
            { value: "profile", to: profile, icon: <IconUser size={14} />, label: "Profile settings" },
            { value: "api-tokens", to: `${profile}#api-tokens`, icon: <IconSettings size={14} />, label: "API tokens" },
            { value: "appearance", to: APPEARANCE_PATH, icon: <IconSettings size={14} />, label: "Appearance" },
          ])}
        </>
      )}
    </Menu>
  );
}

export function SignedInAs({ email }: { email: string }) {
  return (
    <div className="flex items-center gap-3 text-sm text-neutral-500">
      <span className="hidden sm:inline">
        Signed in as <span className="font-medium text-neutral-700">{email}</span>
      </span>
      <Form method="post" action="/sign-out">
        <button type="submit" className={buttonClass("secondary", "sm")}>
          <IconLogout size={14} />
          Sign out
        </button>
      </Form>
    </div>
  );
}

/** The way out of an invitation page for someone who would rather start their own workspace. */
export function CreateWorkspaceInstead() {
  return (
    <>
      Starting something new?{" "}
      <Link to="/create-workspace" className="font-medium text-brand-600 dark:text-brand-400 hover:text-brand-700 dark:hover:text-brand-300">
        Create a workspace
      </Link>
    </>
  );
}
