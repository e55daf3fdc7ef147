
import { formatDate } from "../../../workers/domain/schemas/dates";
import { TimeAgo } from "../issue-detail/format";
import { ConfirmDialog } from "../dialog";
import { IconGlobe } from "../icons";
import { buttonClass } from "../ui";
import type { SessionListItem } from "~/lib/profile-contract";
import { SignOutEverywhere } from "./sign-out-everywhere";
import { useConfirmedRemoval, } from "./use-settled";

let regionNames: Intl.DisplayNames | null | undefined;

/** "Germany" for "DE": the same en-US names on the server and in the browser; the code if unknown. */
function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames("en-US", { type: "region" });
    } catch {
      regionNames = null;
    }
  }
  return regionNames?.of(code) ?? code;
}

function SessionRow({ session }: { session: SessionListItem }) {
  const { fetcher, confirming, setConfirming } = useConfirmedRemoval(
    `sign-out-session-${session.id}`,
    { title: "Signed out", message: `${session.device} is signed out.` },
    "The session could not be signed out.",
  );
  return (
    <li className="flex items-center gap-3 py-3" data-session-id={session.id}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-600">
        <IconGlobe size={15} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-neutral-900">
          <span className="truncate">{session.device}</span>
          {session.current ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-xs text-neutral-600">
          {session.current ? (
            "Active now"
          ) : (
            <>
              Last seen <TimeAgo iso={session.last_seen_at} />
            </>
          )}
          {" · "}Signed in {formatDate(session.created_at)}
          {session.country ? ` · ${countryName(session.country)}` : null}
        </p>
      </div>
      {session.current ? null : (
        <>
          <button
            type="button"
            className={buttonClass("secondary", "sm", "shrink-0")}
            onClick={() => setConfirming(true)}
            aria-label={`Sign out ${session.device}, signed in ${formatDate(session.created_at)}`}
          >
            Sign out
          </button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Sign out this session?"
            description={
              <>
                <span className="font-medium text-neutral-800">{session.device}</span> will be signed out and will have to sign in
                again.
              </>
            }
            confirmLabel="Sign out"
            pendingLabel="Signing out..."
            pending={fetcher.state !== "idle"}
            onConfirm={() => fetcher.submit({ intent: "sign-out-session", session_id: session.id }, { method: "post", action: "/profile" })}
          />
        </>
      )}
    </li>
  );
}

/** This browser's session first, then the others, newest sign-in first (the order they come in). */
const currentFirst = (sessions: SessionListItem[]) => [...sessions].sort((a, b) => Number(b.current) - Number(a.current));

export function Sessions({ sessions }: { sessions: SessionListItem[] }) {
  return (
    <div>
      <ul aria-label="Sessions" className="-mt-3 divide-y divide-neutral-100">
        {currentFirst(sessions).map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      <div className="border-t border-neutral-100 pt-4">
        <SignOutEverywhere />
      </div>
    </div>
  );
}
