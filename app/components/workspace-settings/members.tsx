// The workspace settings' members page: invite by email with a role, the invitations nobody has
// accepted yet (revocable), and the members with their roles. Members and owners invite; only
// owners change roles and remove people. Nobody hands out a role above their own, and the last
// owner can be neither demoted nor removed (the server refuses both as well).
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { ROLE_LABELS, type SettingsAnswer } from "~/lib/settings-contract";
import type { InvitationLinkAnswer, PendingInvitation, WorkspaceMemberRow, WorkspaceMembersIntent } from "~/lib/workspace-settings-contract";
import { ROLE } from "../../../workers/domain/schemas/constants";
import { InviteMemberFormSchema } from "../../../workers/domain/schemas/workspaces";
import { useToast } from "../toast";
import { ShownOnce } from "~/components/settings/shown-once";
import { Field, FormError, Spinner, buttonClass } from "../ui";
import { SettingsSection, SettingsTitle } from "~/components/settings/section";
import { useAction } from "~/hooks/use-action";
import { MemberInitial, MemberList, RoleOptions, grantableRoles, useSettingsIntent } from "~/components/settings/members";


type InvitationLink = NonNullable<InvitationLinkAnswer["invitation_link"]>;

/** An invitation's link, shown once for the inviter to pass on (no mail is sent). */
function InvitationLinkBox({ link, onDone }: { link: InvitationLink; onDone(): void }) {
  return (
    <ShownOnce
      title={`Invitation link for ${link.email}`}
      note="Send it to them: it joins the workspace once, from their account, within 7 days."
      value={link.url}
      valueLabel={`Invitation link for ${link.email}`}
      onDone={onDone}
    />
  );
}

function InviteForm({ myRole }: { myRole: number }) {
  const toast = useToast();
  const fetcher = useFetcher<SettingsAnswer & InvitationLinkAnswer>();
  const [sentTo, setSentTo] = useState("");
  const [link, setLink] = useState<InvitationLink | null>(null);
  const [form, fields] = useForm({
    id: "invite-member",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteMemberFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { role: String(ROLE.viewer) },
  });
  useAction(fetcher, {
    onDone: (answer) => {
      toast.show({ type: "success", message: `Invitation created for ${sentTo}.` });
      setLink(answer.invitation_link ?? null);
    },
  });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-label="Invite a member"
      className="space-y-3"
      onSubmit={(event) => {
        setSentTo(String(new FormData(event.currentTarget).get("email") ?? ""));
        form.onSubmit(event);
      }}
    >
      <h2 className="text-sm font-semibold text-neutral-900">Invite a member</h2>
      <FormError errors={form.errors} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Email" field={fields.email} type="email" placeholder="name@company.com" autoComplete="off" className="min-w-0 flex-1" />
        <Field as="select" label="Role" field={fields.role} className="sm:w-40">
          <RoleOptions roles={grantableRoles(myRole)} />
        </Field>
        <button type="submit" className={buttonClass("primary", "md", "sm:mt-7")} disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? "Inviting..." : "Invite"}
        </button>
      </div>
      {link ? <InvitationLinkBox link={link} onDone={() => setLink(null)} /> : null}
    </fetcher.Form>
  );
}

/** Resends a pending invitation: a new link (the old one stops working), mailed and shown here. */
function NewLinkButton({ invitation }: { invitation: PendingInvitation }) {
  const fetcher = useFetcher<SettingsAnswer & InvitationLinkAnswer>();
  const [link, setLink] = useState<InvitationLink | null>(null);
  useAction(fetcher, { onDone: (answer) => setLink(answer.invitation_link ?? null) });
  const intent: WorkspaceMembersIntent = { intent: "new-invitation-link", invitation_id: invitation.id };
  return (
    <>
      <button
        type="button"
        className={buttonClass("secondary", "sm")}
        disabled={fetcher.state !== "idle"}
        aria-label={`Resend the invitation to ${invitation.email}`}
        onClick={() => fetcher.submit(intent, { method: "post", encType: "application/json" })}
      >
        {fetcher.state !== "idle" ? "Sending..." : "Resend"}
      </button>
      {link ? (
        <div className="basis-full">
          <InvitationLinkBox link={link} onDone={() => setLink(null)} />
        </div>
      ) : null}
    </>
  );
}

function InvitationRow({ invitation, myRole }: { invitation: PendingInvitation; myRole: number }) {
  const intent = useSettingsIntent<WorkspaceMembersIntent>();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <MemberInitial text={invitation.email} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-neutral-900">{invitation.email}</p>
        <p className="text-xs text-neutral-600">Invited as {ROLE_LABELS[invitation.role]}</p>
      </div>
      {invitation.role <= myRole ? <NewLinkButton invitation={invitation} /> : null}
      {invitation.role <= myRole ? (
        <button
          type="button"
          className={buttonClass("secondary", "sm")}
          disabled={intent.pending}
          aria-label={`Revoke invitation for ${invitation.email}`}
          onClick={() => intent.send({ intent: "revoke-invitation", invitation_id: invitation.id })}
        >
          {intent.pending ? "Revoking..." : "Revoke"}
        </button>
      ) : null}
    </li>
  );
}

export function WorkspaceMembers({
  role,
  me,
  members,
  invitations,
}: {
  role: number;
  me: string;
  members: WorkspaceMemberRow[];
  invitations: PendingInvitation[];
}) {
  return (
    <div className="space-y-6">
      <SettingsTitle title="Members" description="Invite people to the workspace and choose what each of them may do." />
      <SettingsSection>
        <InviteForm myRole={role} />
      </SettingsSection>

      {invitations.length > 0 ? (
        <SettingsSection label="Pending invitations">
          <h2 className="text-sm font-semibold text-neutral-900">Pending invitations</h2>
          <ul className="mt-1 divide-y divide-neutral-100">
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} myRole={role} />
            ))}
          </ul>
        </SettingsSection>
      ) : null}

      <MemberList scope="workspace" members={members} myRole={role} me={me} />
    </div>
  );
}
