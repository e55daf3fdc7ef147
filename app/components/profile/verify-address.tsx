// The profile's notice for an address not yet proven: invitations wait for it, and the link can
// be mailed again (a few times an hour).
import { useFetcher } from "@remix-run/react";
import { buttonClass } from "~/components/ui";
import { useAction } from "~/hooks/use-action";
import type { ProfileActionData, ProfileIntent } from "~/lib/profile-contract";

export function VerifyAddress({ email }: { email: string }) {
  const fetcher = useFetcher<ProfileActionData>();
  useAction(fetcher);
  const sent = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  const intent: ProfileIntent = { intent: "resend-verification" };
  return (
    <div className="space-y-3 text-sm text-neutral-700">
      <p>
        We mailed a link to <strong className="font-medium text-neutral-900">{email}</strong>. Open it to prove the address is yours: until
        then you cannot accept invitations to workspaces.
      </p>
      {sent ? <p role="status">{sent}</p> : null}
      <button
        type="button"
        className={buttonClass("secondary", "sm")}
        disabled={fetcher.state !== "idle"}
        onClick={() => fetcher.submit(intent, { method: "post" })}
      >
        {fetcher.state !== "idle" ? "Sending..." : "Send the link again"}
      </button>
    </div>
  );
}
