// "/{slug}/my-work?tab=": the signed-in person's issues across every project of the workspace they
// are a member of, by tab (assigned, created), as a list grouped by project or a board by state group.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MyWorkPage } from "~/components/my-work/my-work-page";
import { useLiveOnNotice } from "~/hooks/use-live-shell";
import { loadMyWorkPage } from "~/lib/my-work-page.server";

export const meta: MetaFunction = () => [{ title: "My work" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadMyWorkPage(request, context, params.workspaceSlug ?? "");
}

export default function MyWorkRoute() {
  // The person follows every issue they are assigned or created, so a change to one by someone
  // else is a notification, and its notice reads the page again.
  return <MyWorkPage data={useLiveOnNotice(useLoaderData<typeof loader>(), "inbox")} />;
}
