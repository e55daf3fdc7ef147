// The project settings' members page: add a workspace member with a role, change a member's role,
// remove a member. Owners manage; members see the list. The add form offers only roles up to both
// the owner's own and the member's workspace role (the server checks both as well).
import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import type { ProjectMemberCandidate, ProjectMembersIntent } from "~/lib/project-settings-members-contract";
import type { SettingsAnswer, SettingsMemberRow } from "~/lib/settings-contract";
import { ROLE } from "../../../workers/domain/schemas/constants";
import { memberName } from "../../../workers/domain/schemas/responses";
import { MemberList, type Role, RoleOptions, grantableRoles } from "../settings/members";
import { SettingsSection, SettingsTitle } from "../settings/section";
import { useAction } from "~/hooks/use-action";
import { useToast } from "../toast";
import { Field, FormError, Spinner, buttonClass } from "../ui";


function AddMemberForm({ myRole, candidates }: { myRole: number; candidates: ProjectMemberCandidate[] }) {
  const id = useId();
  const toast = useToast();
  const fetcher = useFetcher<SettingsAnswer>();
  const [memberId, setMemberId] = useState("");
  const [role, setRole] = useState<Role>(ROLE.member);
  const [error, setError] = useState<string | null>(null);
  // The added member leaves the candidates when the page revalidates, before the answer is read.
  const [addedName, setAddedName] = useState("");
  const candidate = candidates.find((entry) => entry.member.id === memberId);
  const roles = grantableRoles(Math.min(myRole, candidate?.workspace_role ?? myRole));
  const chosenRole = roles.includes(role) ? role : roles[roles.length - 1];
  useAction(fetcher, {
    onDone: () => {
      toast.show({ type: "success", message: `${addedName} was added to the project.` });
      setMemberId("");
    },
    message: "Member could not be added. Please try again.",
    onMessage: setError,
  });
  const pending = fetcher.state !== "idle";
  if (candidates.length === 0) {
    return <p className="text-sm text-neutral-600">Everyone in the workspace is in this project. Invite people to the workspace to add more.</p>;
  }
  return (
    <form
      aria-label="Add a member"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        if (!candidate) {
          setError("Member is required");
          return;
        }
        setAddedName(memberName(candidate.member));
        fetcher.submit({ intent: "add-member", member_id: memberId, role: chosenRole } satisfies ProjectMembersIntent, {
          method: "post",
          encType: "application/json",
        });
      }}
    >
      <h2 className="text-sm font-semibold text-neutral-900">Add a member</h2>
      <FormError errors={error ? [error] : undefined} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field as="select" label="Workspace member" id={`${id}-member`} value={memberId} onChange={(event) => setMemberId(event.target.value)} className="min-w-0 flex-1">
          <option value="">Select a member</option>
          {candidates.map(({ member }) => (
            <option key={member.id} value={member.id}>
              {memberName(member)} ({member.email})
            </option>
          ))}
        </Field>
        <Field as="select" label="Role" id={`${id}-role`} value={chosenRole} onChange={(event) => setRole(Number(event.target.value) as Role)} className="sm:w-40">
          <RoleOptions roles={roles} />
        </Field>
        <button type="submit" className={buttonClass("primary", "md")} disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? "Adding..." : "Add member"}
        </button>
      </div>
    </form>
  );
}

export function ProjectMembers({
  role,
  me,
  members,
  candidates,
}: {
  role: number;
  me: string;
  members: SettingsMemberRow[];
  candidates: ProjectMemberCandidate[];
}) {
  const canManage = role >= ROLE.owner;
  return (
    <div className="space-y-6">
      <SettingsTitle
        title="Members"
        description={canManage ? "Add people from the workspace and choose what each of them may do here." : "Only project owners can add members and change roles."}
      />
      {canManage ? (
        <SettingsSection label="Add a member">
          <AddMemberForm myRole={role} candidates={candidates} />
        </SettingsSection>
      ) : null}
      <MemberList scope="project" members={members} myRole={role} me={me} />
    </div>
  );
}
