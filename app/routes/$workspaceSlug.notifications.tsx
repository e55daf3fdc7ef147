// "/{slug}/notifications": the person's inbox in the workspace. Tabs (all, mentions, assigned,
// created, followed), the archived and snoozed shelves, and J/K, Enter, E, S, U on the keyboard.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InboxPage } from "~/components/inbox/inbox-page";
import { useLiveOnNotice } from "~/hooks/use-live-shell";
import { inboxAction, loadInbox } from "~/lib/inbox.server";

export const meta: MetaFunction = () => [{ title: "Inbox · Edge Tracker" }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadInbox(request, context, params.workspaceSlug ?? "");

export const action = ({ request, context, params }: ActionFunctionArgs) => inboxAction(request, context, params.workspaceSlug ?? "");

export default function Inbox() {
  // Live: a new notification, or one read or snoozed in another tab, reads the page again.
  return <InboxPage data={useLiveOnNotice(useLoaderData<typeof loader>(), "inbox")} />;
}
