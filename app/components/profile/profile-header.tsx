// The top bar of the pages outside any workspace (profile, appearance): the way back to the
// workspace the person came from (or the home logo), and who is signed in with sign-out.
import { Link } from "@remix-run/react";
import { SignedInAs } from "../account-menu";
import { Logo } from "../auth-layout";
import { IconArrowLeft } from "./icons";

export function ProfileHeader({ email, back = null }: { email: string; back?: { to: string; name: string } | null }) {
  return (
    <header className="flex h-16 items-center justify-between gap-4 border-b border-neutral-200/80 bg-surface px-4 sm:px-6">
      {back ? (
        <Link
          to={back.to}
          className="inline-flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900"
        >
          <IconArrowLeft size={16} className="shrink-0" />
          <span className="truncate">Back to {back.name}</span>
        </Link>
      ) : (
        <Link to="/" aria-label="Edge Tracker home">
          <Logo />
        </Link>
      )}
      <SignedInAs email={email} />
    </header>
  );
}
