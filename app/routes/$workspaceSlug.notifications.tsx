// "/{slug}/notifications": the person's inbox in the workspace. Tabs (all, mentions, assigned,
// created, followed), the archived and snoozed shelves, and J/K, Enter, E, S, U on the keyboard.
// `?open=` names the notification whose issue shows beside the list; the issue's own route reads
// and writes it.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { InboxPage, OPEN_PARAM } from "~/components/inbox/inbox-page";
import { useLiveOnNotice } from "~/hooks/use-live-shell";
import { inboxAction, loadInbox } from "~/lib/inbox.server";

export const meta: MetaFunction = () => [{ title: "Inbox · Edge Tracker" }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadInbox(request, context, params.workspaceSlug ?? "");

/** Opening, moving through or closing the pane changes only `?open=`: the list is not read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod !== undefined || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const [current, next] = [new URLSearchParams(currentUrl.search), new URLSearchParams(nextUrl.search)];
  current.delete(OPEN_PARAM);
  next.delete(OPEN_PARAM);
  return current.toString() !== next.toString() || defaultShouldRevalidate && currentUrl.search === nextUrl.search;
};

export const action = ({ request, context, params }: ActionFunctionArgs) => inboxAction(request, context, params.workspaceSlug ?? "");

export default function Inbox() {
  // Live: a new notification, or one read or snoozed in another tab, reads the page again.
  return <InboxPage data={useLiveOnNotice(useLoaderData<typeof loader>(), "inbox")} />;
}
