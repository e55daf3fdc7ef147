// The Jira import wizard: the Jira site, project key and credentials with the target project
// (import-configure), what the Jira project holds (display-import-data), what becomes of each
// person (import-users) and the summary (import-confirmation). A step icon opens its step, but
// never one past the next, and the next one only while the current step is complete (the data
// read must have succeeded).
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { IMPORT_MESSAGES, importProjectId } from "../../../workers/domain/schemas/importers";
import {
  JiraCredentials,
  type JiraCredentialsInput,
  type JiraImportPayload,
  type JiraProjectInfo,
} from "../../../workers/domain/schemas/jira-importer";
import { IconCheck, IconIssues, IconSettings, IconUsers } from "../icons";
import { Field, FieldError, Spinner, inputClass, labelClass } from "../ui";
import { IMPORT_GUIDE_LINKS } from "~/lib/help-links";
import { ApiRefusal, callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { formatCount } from "~/lib/import-api";
import type { ImportMember, ImportTargetProject } from "~/lib/import-export-contract";
import { JiraLogo } from "./logos";
import { Figure, ProjectOptions, Toggle, type UserChoice, UserMapping, WizardButtons, WizardFrame, type WizardStep, useLandingPath, usersComplete } from "./wizard-shell";

const STEPS: WizardStep[] = [
  { key: "import-configure", label: "Configure", icon: <IconSettings size={16} /> },
  { key: "display-import-data", label: "Import Data", icon: <IconIssues size={16} /> },
  { key: "import-users", label: "Users", icon: <IconUsers size={16} /> },
  { key: "import-confirmation", label: "Confirm", icon: <IconCheck size={16} /> },
];

/** The first step's form: where the Jira project is, how to read it, and where it goes. */
const JiraConfigureForm = JiraCredentials.extend({ project_id: importProjectId });
type JiraConfigure = JiraCredentialsInput & { project_id: string };

type InfoState = { key: string; info: JiraProjectInfo | null; error: string | null };

function ConfigureFields({ form, fields, projects }: { form: ReturnType<typeof useJiraForm>[0]; fields: ReturnType<typeof useJiraForm>[1]; projects: ImportTargetProject[] }) {
  const text = (name: "cloud_hostname" | "project_key" | "email" | "api_token", label: string, options: { type?: "text" | "email" | "password"; placeholder?: string } = {}) => {
    const field = fields[name];
    return (
      <Field label={label} field={field} key={field.key} type={options.type ?? "text"} placeholder={options.placeholder} autoComplete="off" />
    );
  };
  return (
    <form
      {...getFormProps(form)}
      aria-label="Jira project details"
      className="space-y-4"
      onSubmit={(event) => {
        // Conform validates through submit events; the form itself never goes anywhere (Next does).
        form.onSubmit(event);
        event.preventDefault();
      }}
    >
      <div>
        <h2 className="text-sm font-semibold text-neutral-900">Jira project details</h2>
        <p className="mt-0.5 text-sm text-neutral-600">
          The importer reads the project with your email and an API token.{" "}
          <a href={IMPORT_GUIDE_LINKS.jiraToken} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
            How to make a token
          </a>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("cloud_hostname", "Jira cloud host name", { placeholder: "company.atlassian.net" })}
        {text("project_key", "Project key", { placeholder: "ENG" })}
        {text("email", "Email", { type: "email", placeholder: "you@company.com" })}
        {text("api_token", "API token", { type: "password" })}
      </div>
      <div>
        <label htmlFor={fields.project_id.id} className={labelClass}>
          Import into project
        </label>
        {projects.length === 0 ? (
          <p className="text-sm text-neutral-600">{IMPORT_MESSAGES.noProjects}</p>
        ) : (
          <select {...getSelectProps(fields.project_id)} key={fields.project_id.key} className={inputClass}>
            <ProjectOptions projects={projects} />
          </select>
        )}
        <FieldError id={fields.project_id.errorId} errors={fields.project_id.errors} />
      </div>
    </form>
  );
}

function useJiraForm() {
  return useForm({
    id: "jira-import",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: JiraConfigureForm }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

function ImportDataStep({ state, epicsToModules, onEpics }: { state: InfoState | null; epicsToModules: boolean; onEpics(value: boolean): void }) {
  if (state?.error) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {state.error}
      </p>
    );
  }
  if (!state?.info) {
    return (
      <p className="flex items-center gap-2 text-sm text-neutral-600" role="status">
        <Spinner /> Reading the Jira project...
      </p>
    );
  }
  const { info } = state;
  return (
    <div className="space-y-4">
      <h2 className="text-sm font-semibold text-neutral-900">What the Jira project holds</h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Issues" value={formatCount(info.issues)} />
        <Figure label="Labels" value={formatCount(info.labels)} />
        <Figure label="States" value={formatCount(info.states)} />
        <Figure label="Modules" value={formatCount(info.modules)} />
      </div>
      <Toggle label="Import epics as modules" description="Each epic becomes a module holding its issues." checked={epicsToModules} onChange={onEpics} />
    </div>
  );
}

export default function JiraWizard({ slug, projects, members }: { slug: string; projects: ImportTargetProject[]; members: ImportMember[] }) {
  const navigate = useNavigate();
  const landing = useLandingPath();
  const [form, fields] = useJiraForm();
  const [step, setStep] = useState(0);
  const [info, setInfo] = useState<InfoState | null>(null);
  const [epicsToModules, setEpicsToModules] = useState(false);
  const [inviteUsers, setInviteUsers] = useState(true);
  const [users, setUsers] = useState<UserChoice[]>([]);
  const [busy, setBusy] = useState(false);

  const parsed = JiraConfigureForm.safeParse(form.value ?? {});
  const values: JiraConfigure | null = parsed.success ? parsed.data : null;
  const infoKey = values ? JSON.stringify([values.cloud_hostname, values.project_key, values.email, values.api_token]) : "";

  // The project's figures, read when its step opens for these details.
  const requested = useRef("");
  useEffect(() => {
    if (step < 1 || !values || requested.current === infoKey) return;
    requested.current = infoKey;
    setInfo({ key: infoKey, info: null, error: null });
    // The token goes in the body: a URL is kept in logs and histories.
    const credentials: JiraCredentialsInput = {
      api_token: values.api_token,
      project_key: values.project_key,
      email: values.email,
      cloud_hostname: values.cloud_hostname,
    };
    callApi<JiraProjectInfo>(api.jiraProjectInfo(slug), { method: "POST", body: credentials })
      .then((answer) => {
        if (requested.current !== infoKey) return;
        setInfo({ key: infoKey, info: answer, error: null });
        setUsers(answer.users.map((person) => ({ username: person.accountId, label: person.displayName, import: false, email: person.emailAddress ?? "" })));
      })
      .catch((failure) => {
        if (requested.current !== infoKey) return;
        if (!(failure instanceof ApiRefusal)) console.warn("reading the Jira project failed", failure);
        setInfo({ key: infoKey, info: null, error: IMPORT_MESSAGES.jiraInfoFailed });
      });
  }, [step, infoKey, values, slug]);

  // After a failed read, going back to the details reads again when the step opens next.
  const failed = Boolean(info?.error);
  useEffect(() => {
    if (step === 0 && failed) requested.current = "";
  }, [step, failed]);

  const current = info?.key === infoKey ? info : null;
  const complete = [values !== null, Boolean(current?.info), usersComplete(users), true];
  const last = step === STEPS.length - 1;
  // A step is open when it is behind, or it is the next and everything before it is complete.
  const stepEnabled = (index: number) => index <= step || (index === step + 1 && complete.slice(0, index).every(Boolean));

  async function confirm() {
    if (!values || !current?.info) return;
    setBusy(true);
    const { project_id, ...metadata } = values;
    const payload: JiraImportPayload = {
      metadata,
      config: { epics_to_modules: epicsToModules },
      data: {
        users: users.map(({ username, import: mode, email }) => ({ username, import: mode, email: mode === false ? "" : email.trim() })),
        invite_users: inviteUsers,
        total_issues: current.info.issues,
        total_labels: current.info.labels,
        total_modules: current.info.modules,
        total_states: current.info.states,
      },
      project_id,
    };
    try {
      await callApi(api.startImport(slug, "jira"), { method: "POST", body: payload });
      // Leaving the wizard's query reads the page again: the new import is listed, running.
      navigate(landing);
    } catch (failure) {
      // A refused Jira import is only logged; the person stays on the summary.
      console.warn("starting the Jira import failed", failure);
      setBusy(false);
    }
  }

  return (
    <WizardFrame
      title="Import from Jira"
      logo={<JiraLogo size={28} />}
      steps={STEPS}
      current={step}
      onStepClick={setStep}
      stepEnabled={stepEnabled}
      footer={
        <WizardButtons
          onBack={step > 0 ? () => setStep(step - 1) : undefined}
          onNext={() => (last ? void confirm() : setStep(step + 1))}
          nextDisabled={!complete[step]}
          nextLabel={last ? "Confirm & Import" : "Next"}
          busy={busy}
          busyLabel="Importing..."
        />
      }
    >
      {/* The form stays in the page while other steps show: its values are the import's. */}
      <div hidden={step !== 0}>
        <ConfigureFields form={form} fields={fields} projects={projects} />
      </div>
      {step === 1 ? <ImportDataStep state={current} epicsToModules={epicsToModules} onEpics={setEpicsToModules} /> : null}
      {step === 2 ? (
        <div className="space-y-3">
          <div>
            <h2 className="text-sm font-semibold text-neutral-900">Who comes along</h2>
            <p className="mt-0.5 text-sm text-neutral-600">
              Map each Jira user to a member of the workspace, invite them by email, or leave them out (their issues come in unassigned).
            </p>
          </div>
          <Toggle label="Invite users" description="People marked invite get an invitation to the workspace." checked={inviteUsers} onChange={setInviteUsers} />
          <UserMapping users={users} members={members} onChange={setUsers} />
        </div>
      ) : null}
      {step === 3 && values && current?.info ? (
        <div className="space-y-3 text-sm">
          <h2 className="text-sm font-semibold text-neutral-900">Ready to import</h2>
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
            <dt className="text-neutral-600">Jira project</dt>
            <dd className="font-medium text-neutral-900">
              {values.project_key} on {values.cloud_hostname}
            </dd>
            <dt className="text-neutral-600">Into project</dt>
            <dd className="font-medium text-neutral-900">{projects.find((project) => project.id === values.project_id)?.name}</dd>
            <dt className="text-neutral-600">Issues</dt>
            <dd className="text-neutral-900">{formatCount(current.info.issues)}</dd>
            <dt className="text-neutral-600">Epics</dt>
            <dd className="text-neutral-900">{epicsToModules ? "Imported as modules" : "Not imported as modules"}</dd>
            <dt className="text-neutral-600">People</dt>
            <dd className="text-neutral-900">
              {formatCount(users.filter((user) => user.import !== false).length)} of {formatCount(users.length)} brought along
            </dd>
          </dl>
        </div>
      ) : null}
    </WizardFrame>
  );
}
