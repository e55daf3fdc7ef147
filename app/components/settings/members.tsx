// The member list pieces workspace and project settings share: a row with the member's role
// (a select for owners, a badge for everyone else) and Remove, and the remove confirmation. Both
// pages answer the same two JSON intents, `update-member-role` and `remove-member`; a picked
// role shows at once and the stored one comes back if the server refuses.
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { type MemberRowIntent, ROLE_LABELS, type SettingsAnswer, type SettingsMemberRow } from "~/lib/settings-contract";
import { INTEGRATION_BOT_MEMBER, LAST_PROJECT_OWNER, LAST_WORKSPACE_OWNER, ROLE, ROLES } from "../../../workers/domain/schemas/constants";
import { memberName } from "../../../workers/domain/schemas/responses";
import { UserAvatar } from "../account-menu";
import { ConfirmDialog } from "../dialog";
import { buttonClass, inputClass } from "../ui";
import { SettingsSection } from "./section";
import { useAction } from "~/hooks/use-action";

export type Role = (typeof ROLES)[number];

/** The roles someone with `myRole` may hand out: none above their own. */
export const grantableRoles = (myRole: number) => ROLES.filter((role) => role <= myRole);

/** A role select's options, named as the settings pages name roles. */
export function RoleOptions({ roles }: { roles: readonly number[] }) {
  return roles.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

/** A JSON intent's fetcher whose refusal goes through the failure policy (and calls `onRefused`). */
export function useSettingsIntent<Intent extends Record<string, string | number>>(onRefused?: () => void) {
  const fetcher = useFetcher<SettingsAnswer>();
  useAction(fetcher, { onError: () => onRefused?.() });
  return {
    pending: fetcher.state !== "idle",
    send: (intent: Intent) => fetcher.submit(intent, { method: "post", encType: "application/json" }),
  };
}

export function MemberInitial({ text }: { text: string }) {
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral-800 text-xs font-medium text-surface uppercase" aria-hidden="true">
      {text.slice(0, 1)}
    </span>
  );
}

function MemberRow({
  row,
  myRole,
  isMe,
  lastOwner,
  lastOwnerHint,
  onRemove,
  testId,
}: {
  row: SettingsMemberRow;
  myRole: number;
  isMe: boolean;
  lastOwner: boolean;
  lastOwnerHint: string;
  onRemove(row: SettingsMemberRow): void;
  testId: string;
}) {
  const [role, setRole] = useState(row.role);
  const intent = useSettingsIntent<MemberRowIntent>(() => setRole(row.role));
  const name = memberName(row.member);
  // An integration's bot comes and goes with its integration: no role to change, nothing to remove.
  const bot = row.member.is_bot;
  const canManage = myRole >= ROLE.owner && !bot;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid={testId}>
      <UserAvatar name={name} avatar={row.member.avatar} />
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
            title={lastOwner ? lastOwnerHint : undefined}
            onChange={(event) => {
              const picked = Number(event.target.value) as Role;
              setRole(picked);
              intent.send({ intent: "update-member-role", member_id: row.id, role: picked });
            }}
            className={`${inputClass} py-1.5`}
          >
            <RoleOptions roles={grantableRoles(myRole)} />
          </select>
        </div>
      ) : (
        <span className="rounded-md bg-neutral-100 px-2 py-1 text-xs font-medium text-neutral-700" title={bot ? INTEGRATION_BOT_MEMBER : undefined}>
          {bot ? "Integration bot" : ROLE_LABELS[row.role]}
        </span>
      )}
      {canManage && !lastOwner ? (
        <button type="button" className={buttonClass("ghost", "sm", "text-red-700 dark:text-red-400")} aria-label={`Remove ${name}`} onClick={() => onRemove(row)}>
          Remove
        </button>
      ) : null}
    </li>
  );
}

/** The confirmation before `remove-member`; `consequence` says what the member loses. */
function RemoveMemberDialog({
  removing,
  onClose,
  from,
  consequence,
}: {
  removing: SettingsMemberRow | null;
  onClose(): void;
  from: string;
  consequence: string;
}) {
  const remove = useFetcher<SettingsAnswer>();
  useAction(remove, { onDone: onClose, onError: onClose, message: "Member could not be removed. Please try again." });
  return (
    <ConfirmDialog
      open={removing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Remove member"
      description={
        <>
          Remove <span className="font-medium text-neutral-900">{removing ? memberName(removing.member) : ""}</span> from {from}? {consequence}
        </>
      }
      confirmLabel="Remove"
      pendingLabel="Removing..."
      pending={remove.state !== "idle"}
      onConfirm={() => {
        if (removing) {
          remove.submit({ intent: "remove-member", member_id: removing.id } satisfies MemberRowIntent, { method: "post", encType: "application/json" });
        }
      }}
    />
  );
}

/** What differs between the workspace's and a project's members list: the words of its rows and of the remove confirmation. */
const MEMBER_LIST_WORDS = {
  project: {
    label: "Project members",
    lastOwnerHint: LAST_PROJECT_OWNER,
    testId: "project-member",
    from: "the project",
    consequence: "They lose access to its issues, cycles, modules and pages.",
  },
  workspace: {
    label: "Workspace members",
    lastOwnerHint: LAST_WORKSPACE_OWNER,
    testId: "workspace-member",
    from: "the workspace",
    consequence: "They lose access to all of its projects.",
  },
} as const;

/** A members list of the workspace or a project: how many, a row per member and the remove confirmation. */
export function MemberList({
  scope,
  members,
  myRole,
  me,
}: {
  scope: keyof typeof MEMBER_LIST_WORDS;
  members: SettingsMemberRow[];
  myRole: number;
  me: string;
}) {
  const { label, lastOwnerHint, testId, from, consequence } = MEMBER_LIST_WORDS[scope];
  const [removing, setRemoving] = useState<SettingsMemberRow | null>(null);
  const owners = members.filter((row) => row.role === ROLE.owner).length;
  return (
    <>
      <SettingsSection label={label}>
        <h2 className="text-sm font-semibold text-neutral-900">
          {members.length} member{members.length === 1 ? "" : "s"}
        </h2>
        <ul className="mt-1 divide-y divide-neutral-100">
          {members.map((row) => (
            <MemberRow
              key={`${row.id}-${row.role}`}
              row={row}
              myRole={myRole}
              isMe={row.id === me}
              lastOwner={row.role === ROLE.owner && owners <= 1}
              lastOwnerHint={lastOwnerHint}
              onRemove={setRemoving}
              testId={testId}
            />
          ))}
        </ul>
      </SettingsSection>
      <RemoveMemberDialog removing={removing} onClose={() => setRemoving(null)} from={from} consequence={consequence} />
    </>
  );
}
