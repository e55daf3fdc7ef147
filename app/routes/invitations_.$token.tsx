// "/invitations/{secret}": an invitation link. The signed-in invitee sees the workspace and the
// role and accepts; anyone else is sent to sign in (or up) and comes back here. The link works
// once, until it expires, and only for the account with the invited address.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CreateWorkspaceInstead, SignedInAs } from "~/components/account-menu";
import { AuthLayout } from "~/components/auth-layout";
import { FormError, FormNotice, buttonClass } from "~/components/ui";
import { assertSameOrigin, requireActor } from "~/lib/auth.server";
import { actionError } from "~/lib/errors.server";
import { ROLE_LABELS } from "~/lib/settings-contract";
import { acceptInvitation, loadInvitationLink, resendVerification, signInClientOf } from "~/lib/workspaces.server";

export const meta: MetaFunction = () => [{ title: "Invitation · Edge Tracker" }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadInvitationLink(request, context, params.token ?? "");

export async function action({ request, context, params }: ActionFunctionArgs) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  const intent = (await request.formData()).get("intent");
  try {
    // An account that has not proven its address yet can ask for the link again from here.
    if (intent === "resend-verification") return await resendVerification(ctx, signInClientOf(request));
    const { workspaces } = await acceptInvitation(ctx, { token: params.token ?? "" });
    return redirect(`/${workspaces[0].slug}`);
  } catch (error) {
    return actionError(error, request);
  }
}

export default function InvitationLink() {
  const { email, invitation, problem, verificationNeeded } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const joining = useNavigation().state !== "idle";
  return (
    <AuthLayout
      title={invitation ? `Join ${invitation.workspace.name}` : "Invitation"}
      subtitle={invitation ? `You were invited as ${ROLE_LABELS[invitation.role] ?? "Member"}.` : undefined}
      aside={<SignedInAs email={email} />}
      footer={<CreateWorkspaceInstead />}
    >
      {actionData && "error" in actionData && actionData.error ? <FormError errors={[actionData.error]} /> : null}
      {problem ? <FormError errors={[problem]} /> : null}
      {actionData && "message" in actionData ? (
        <FormNotice className="mb-4">
          {actionData.message}
        </FormNotice>
      ) : null}
      {invitation && !problem && verificationNeeded ? (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-neutral-700">{verificationNeeded}</p>
          <button type="submit" name="intent" value="resend-verification" className={buttonClass("secondary", "md", "w-full")} disabled={joining}>
            Send the verification link again
          </button>
        </Form>
      ) : null}
      {invitation && !problem && !verificationNeeded ? (
        <Form method="post">
          <button type="submit" className={buttonClass("primary", "md", "w-full")} disabled={joining}>
            {joining ? "Joining..." : `Accept and join ${invitation.workspace.name}`}
          </button>
        </Form>
      ) : null}
    </AuthLayout>
  );
}
