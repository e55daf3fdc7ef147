// "/profile": the signed-in user's names and avatar, password and API tokens, outside any
// workspace (ADR 015), with a way back to the workspace they came from.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProfilePage } from "~/components/profile/profile-page";
import { loadProfilePage, profileAction } from "~/lib/profile.server";

export const meta: MetaFunction = () => [{ title: "Profile settings · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadProfilePage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => profileAction(request, context);

export default function Profile() {
  return <ProfilePage data={useLoaderData<typeof loader>()} />;
}
