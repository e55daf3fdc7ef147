// "/profile/appearance": the interface theme, outside any workspace like the profile page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppearancePage } from "~/components/profile/appearance-page";
import { appearanceAction, loadAppearancePage } from "~/lib/appearance.server";

export const meta: MetaFunction = () => [{ title: "Appearance · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadAppearancePage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => appearanceAction(request, context);

export default function Appearance() {
  return <AppearancePage data={useLoaderData<typeof loader>()} />;
}
