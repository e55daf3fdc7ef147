// "/invitations": pending workspace invitations; Accept joins the workspace.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SignedInAs } from "~/components/account-menu";
import { AuthLayout } from "~/components/auth-layout";
import { IconMail } from "~/components/icons";
import { FormError, buttonClass } from "~/components/ui";
import { assertSameOrigin, requireActor } from "~/lib/auth.server";
import { actionError } from "~/lib/errors.server";
import { acceptInvitations, myInvitations } from "~/lib/workspaces.server";

export const meta: MetaFunction = () => [{ title: "Invitations · Edge Tracker" }];

const ROLE_NAMES: Record<number, string> = { 20: "Owner", 15: "Member", 10: "Viewer", 5: "Guest" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireActor(request, context);
  const invitations = await myInvitations(ctx);
  return {
    email: ctx.actor.email,
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      role: invitation.role,
      workspace: { name: invitation.workspace.name, slug: invitation.workspace.slug },
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  const formData = await request.formData();
  try {
    const { workspaces } = await acceptInvitations(ctx, { invitations: formData.getAll("invitation").map(String) });
    return redirect(workspaces.length === 1 ? `/${workspaces[0].slug}` : "/");
  } catch (error) {
    return actionError(error, request);
  }
}

export default function Invitations() {
  const { email, invitations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const accepting = navigation.state !== "idle" ? navigation.formData?.get("invitation") : null;
  return (
    <AuthLayout
      title="Pending invitations"
      subtitle="Join the workspaces your teammates invited you to."
      aside={<SignedInAs email={email} />}
      footer={
        <>
          Starting something new?{" "}
          <Link to="/create-workspace" className="font-medium text-brand-600 dark:text-brand-400 hover:text-brand-700 dark:hover:text-brand-300">
            Create a workspace
          </Link>
        </>
      }
    >
      {actionData?.error ? <FormError errors={[actionData.error]} /> : null}
      {invitations.length === 0 ? (
        <div className="flex flex-col items-center py-6 text-center">
          <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-neutral-100 text-neutral-500">
            <IconMail size={18} />
          </span>
          <p className="text-sm font-medium text-neutral-900">No pending invitations</p>
          <p className="mt-1 text-sm text-neutral-500">Ask a workspace admin to invite {email}.</p>
        </div>
      ) : (
        <ul className="-my-2 divide-y divide-neutral-100">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex items-center gap-3 py-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 dark:bg-brand-500/15 text-sm font-semibold text-brand-600 dark:text-brand-400 uppercase">
                {invitation.workspace.name.slice(0, 1)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-neutral-900">{invitation.workspace.name}</p>
                <p className="text-xs text-neutral-500">Invited as {ROLE_NAMES[invitation.role] ?? "Member"}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="invitation" value={invitation.id} />
                <button
                  type="submit"
                  className={buttonClass("primary", "sm")}
                  disabled={accepting === invitation.id}
                  aria-label={`Accept invitation to ${invitation.workspace.name}`}
                >
                  {accepting === invitation.id ? "Joining..." : "Accept"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AuthLayout>
  );
}
