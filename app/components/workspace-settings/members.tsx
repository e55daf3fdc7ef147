// The workspace settings' members page: invite by email with a role, the invitations nobody has
// accepted yet (revocable), and the members with their roles. Members and owners invite; only
// owners change roles and remove people. Nobody hands out a role above their own, and the last
// owner can be neither demoted nor removed (the server refuses both as well).
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { ROLE_LABELS, type SettingsAnswer } from "~/lib/settings-contract";
import type { PendingInvitation, WorkspaceMemberRow, WorkspaceMembersIntent } from "~/lib/workspace-settings-contract";
import { ROLE, ROLES } from "../../../workers/domain/schemas/constants";
import { memberName } from "../../../workers/domain/schemas/responses";
import { InviteMemberFormSchema } from "../../../workers/domain/schemas/workspaces";
import { ConfirmDialog } from "../issue-detail/pickers";
import { useToast } from "../toast";
import { FieldError, FormError, Spinner, buttonClass, inputClass, labelClass } from "../ui";
import { SettingsSection, SettingsTitle } from "~/components/settings/section";
import { useAnswer } from "~/components/settings/use-answer";

type Role = (typeof ROLES)[number];

const LAST_OWNER_HINT = "A workspace needs at least one owner.";

/** A JSON intent's fetcher that shows a refusal as an error toast (and calls `onRefused`). */
function useIntent(onRefused?: () => void) {
  const toast = useToast();
  const fetcher = useFetcher<SettingsAnswer>();
  useAnswer(fetcher, (answer) => {
    if (answer.ok !== false) return;
    toast.show({ type: "error", title: "Error!", message: answer.error ?? "Something went wrong. Please try again." });
    onRefused?.();
  });
  return {
    pending: fetcher.state !== "idle",
    send: (intent: WorkspaceMembersIntent) => fetcher.submit(intent, { method: "post", encType: "application/json" }),
  };
}

const grantable = (myRole: number) => ROLES.filter((role) => role <= myRole);

function InviteForm({ myRole }: { myRole: number }) {
  const toast = useToast();
  const fetcher = useFetcher<SettingsAnswer>();
  const [sentTo, setSentTo] = useState("");
  const [form, fields] = useForm({
    id: "invite-member",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteMemberFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { role: String(ROLE.viewer) },
  });
  useAnswer(fetcher, (answer) => {
    if (answer.ok) toast.show({ type: "success", message: `Invitation sent to ${sentTo}.` });
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
        <div className="min-w-0 flex-1">
          <label htmlFor={fields.email.id} className={labelClass}>
            Email
          </label>
          <input {...getInputProps(fields.email, { type: "email" })} placeholder="name@company.com" autoComplete="off" className={inputClass} />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div className="sm:w-40">
          <label htmlFor={fields.role.id} className={labelClass}>
            Role
          </label>
          <select {...getSelectProps(fields.role)} className={inputClass}>
            {grantable(myRole).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          <FieldError id={fields.role.errorId} errors={fields.role.errors} />
        </div>
        <button type="submit" className={buttonClass("primary", "md", "sm:mt-7")} disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? "Inviting..." : "Invite"}
        </button>
      </div>
    </fetcher.Form>
  );
}

function Initial({ text }: { text: string }) {
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral-800 text-xs font-medium text-white uppercase" aria-hidden="true">
      {text.slice(0, 1)}
    </span>
  );
}

function InvitationRow({ invitation, myRole }: { invitation: PendingInvitation; myRole: number }) {
  const intent = useIntent();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Initial text={invitation.email} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-neutral-900">{invitation.email}</p>
        <p className="text-xs text-neutral-600">Invited as {ROLE_LABELS[invitation.role]}</p>
      </div>
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

function MemberRow({
  row,
  myRole,
  isMe,
  lastOwner,
  onRemove,
}: {
  row: WorkspaceMemberRow;
  myRole: number;
  isMe: boolean;
  lastOwner: boolean;
  onRemove(row: WorkspaceMemberRow): void;
}) {
  // The picked role shows at once; a refusal puts the stored one back.
  const [role, setRole] = useState(row.role);
  const intent = useIntent(() => setRole(row.role));
  const name = memberName(row.member);
  const canManage = myRole >= ROLE.owner;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="workspace-member">
      <Initial text={name} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-neutral-900">
          {name}
          {isMe ? <span className="ml-1.5 text-xs font-normal text-neutral-600">(you)</span> : null}
        </p>
        <p className="truncate text-xs text-neutral-600">{row.member.email}</p>
      </div>
      {canManage ? (
        <div className="w-32 shrink-0">
          <select
            aria-label={`Role of ${name}`}
            value={role}
            disabled={intent.pending || lastOwner}
            title={lastOwner ? LAST_OWNER_HINT : undefined}
            onChange={(event) => {
              const picked = Number(event.target.value) as Role;
              setRole(picked);
              intent.send({ intent: "update-member-role", member_id: row.id, role: picked });
            }}
            className={`${inputClass} py-1.5`}
          >
            {grantable(myRole).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <span className="rounded-md bg-neutral-100 px-2 py-1 text-xs font-medium text-neutral-700">{ROLE_LABELS[row.role]}</span>
      )}
      {canManage && !lastOwner ? (
        <button type="button" className={buttonClass("ghost", "sm", "text-red-700 dark:text-red-400")} aria-label={`Remove ${name}`} onClick={() => onRemove(row)}>
          Remove
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
  const [removing, setRemoving] = useState<WorkspaceMemberRow | null>(null);
  const remove = useFetcher<SettingsAnswer>();
  const toast = useToast();
  useAnswer(remove, (answer) => {
    setRemoving(null);
    if (answer.ok === false) toast.show({ type: "error", title: "Error!", message: answer.error ?? "Member could not be removed. Please try again." });
  });
  const owners = members.filter((row) => row.role === ROLE.owner).length;
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

      <SettingsSection label="Workspace members">
        <h2 className="text-sm font-semibold text-neutral-900">
          {members.length} member{members.length === 1 ? "" : "s"}
        </h2>
        <ul className="mt-1 divide-y divide-neutral-100">
          {members.map((row) => (
            <MemberRow
              key={`${row.id}-${row.role}`}
              row={row}
              myRole={role}
              isMe={row.id === me}
              lastOwner={row.role === ROLE.owner && owners <= 1}
              onRemove={setRemoving}
            />
          ))}
        </ul>
      </SettingsSection>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove member"
        description={
          <>
            Remove <span className="font-medium text-neutral-900">{removing ? memberName(removing.member) : ""}</span> from the workspace? They
            lose access to all of its projects.
          </>
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.state !== "idle"}
        onConfirm={() => {
          if (removing) {
            remove.submit({ intent: "remove-member", member_id: removing.id } satisfies WorkspaceMembersIntent, {
              method: "post",
              encType: "application/json",
            });
          }
        }}
      />
    </div>
  );
}
