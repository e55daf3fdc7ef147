// "/invitations": where people waiting for an invitation are sent. An invitation is joined only
// through the link the inviter shared (it proves the invitee owns the address), so this page says
// how to get one; the link itself leads to /invitations/{secret}.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CreateWorkspaceInstead, SignedInAs } from "~/components/account-menu";
import { AuthLayout } from "~/components/auth-layout";
import { IconMail } from "~/components/icons";
import { requireActor } from "~/lib/auth.server";

export const meta: MetaFunction = () => [{ title: "Invitations · Edge Tracker" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireActor(request, context);
  return { email: ctx.actor.email };
}

export default function Invitations() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AuthLayout
      title="Pending invitations"
      subtitle="Join the workspaces your teammates invited you to."
      aside={<SignedInAs email={email} />}
      footer={<CreateWorkspaceInstead />}
    >
      <div className="flex flex-col items-center py-6 text-center">
        <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-neutral-100 text-neutral-500">
          <IconMail size={18} />
        </span>
        <p className="text-sm font-medium text-neutral-900">Open your invitation link</p>
        <p className="mt-1 text-sm text-neutral-500">
          Ask a workspace admin to invite {email} and share the invitation link with you; opening it here joins the workspace.
        </p>
      </div>
    </AuthLayout>
  );
}
