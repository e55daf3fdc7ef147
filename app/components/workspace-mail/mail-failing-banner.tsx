// The workspace shell's warning to an owner that the workspace's mail has been failing, with the
// reason and the way to the Mail page (its log and test mail).
import { Link } from "@remix-run/react";
import { IconAlert } from "~/components/icons";
import { workspaceSettingsPath } from "~/lib/paths";
import type { MailFailing } from "../../../workers/domain/schemas/workspace-mail";

/** The reason as a sentence: a server's reply rarely ends with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

export function MailFailingBanner({ slug, failure }: { slug: string; failure: MailFailing }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-500/15 dark:text-amber-200"
    >
      <IconAlert size={16} className="mt-0.5 shrink-0" />
      <p className="min-w-0 break-words">
        Mail from this workspace is failing: {sentence(failure.reason)}{" "}
        <Link to={workspaceSettingsPath(slug, "mail")} className="font-medium underline underline-offset-2">
          Open Mail settings
        </Link>
      </p>
    </div>
  );
}
