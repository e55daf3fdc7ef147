// "/sign-out" (POST): ends the session and clears its cookie; with `scope=all` every session of
// the user ends, on every device. A GET just goes home.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { assertSameOrigin, signOut } from "~/lib/auth.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(context);
  const form = await request.formData();
  return signOut(request, context, { everywhere: form.get("scope") === "all" });
}
