// "/sign-out" (POST): ends the session and clears its cookie. A GET just goes home.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { assertSameOrigin, signOut } from "~/lib/auth.server";

export async function loader() {
  return redirect("/");
}

export async function action({ context }: ActionFunctionArgs) {
  assertSameOrigin(context);
  return signOut(context);
}
