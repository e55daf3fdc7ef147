// Who follows the issue (hears of its new state, priority and comments), and the person's own
// Subscribe / Unsubscribe. Read when the page opens; the button's answer is the new list.
import { useEffect, useState } from "react";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { buttonClass } from "../ui";
import { useIssuePage } from "./page-context";

interface Followers {
  subscribed: boolean;
  subscribers: { id: string; display_name: string; first_name: string; email: string }[];
}

const nameOf = (person: Followers["subscribers"][number]) => person.first_name || person.display_name || person.email;

export function IssueSubscribers() {
  const { data, slug, projectId } = useIssuePage();
  const issueId = data.issue.id;
  const run = useApiCall();
  const [followers, setFollowers] = useState<Followers | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void run(() => callApi<Followers>(api.issueSubscribers(slug, projectId, issueId), { signal: controller.signal }), {
      signal: controller.signal,
      message: "The issue's subscribers could not be read.",
    }).then((answer) => answer && setFollowers(answer.value));
    return () => controller.abort();
  }, [run, slug, projectId, issueId]);

  async function toggle() {
    if (!followers) return;
    setBusy(true);
    const url = api.issueSubscription(slug, projectId, issueId);
    const answer = followers.subscribed
      ? await run(() => callApi(url, { method: "DELETE" }).then(() => callApi<Followers>(api.issueSubscribers(slug, projectId, issueId))))
      : await run(() => callApi<Followers>(url, { method: "POST" }));
    setBusy(false);
    if (answer) setFollowers(answer.value);
  }

  return (
    <section aria-label="Subscribers" className="border-t border-neutral-100 px-5 py-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-neutral-700">Subscribers</h2>
        <button type="button" className={buttonClass("secondary", "sm")} disabled={!followers || busy} onClick={toggle}>
          {followers?.subscribed ? "Unsubscribe" : "Subscribe"}
        </button>
      </div>
      <p className="mt-2 text-sm text-neutral-600">
        {followers === null
          ? "Loading..."
          : followers.subscribers.length === 0
            ? "Nobody follows this issue yet."
            : followers.subscribers.map(nameOf).join(", ")}
      </p>
    </section>
  );
}
