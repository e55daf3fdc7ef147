// What the import wizards share: the frame (provider, step icons, the step's body, Back / Next and
// 'Cancel import & go back'), the project picker, a switch, and the table that decides what becomes
// of each person of the source (mapped to a member, invited by email, or not imported). This file
// ships with the landing page (for the fallback), so it stays small and imports no wizard.
import { Link, useLocation } from "@remix-run/react";
import { type ReactNode, useId } from "react";
import { IMPORT_MESSAGES, INVITED_EMAIL_REQUIRED } from "../../../workers/domain/schemas/importer-texts";
import type { UserImportMode } from "../../../workers/domain/schemas/importers";
import { Spinner, Switch, buttonClass, inputClass, labelClass, truncate } from "../ui";
import type { ImportMember, ImportTargetProject } from "~/lib/import-export-contract";

/** What a chunk-loading wizard shows meanwhile. */
export function WizardFallback() {
  return (
    <div className="flex items-center justify-center gap-2 py-24 text-sm text-neutral-600" role="status">
      <Spinner /> Loading the importer...
    </div>
  );
}

/** The landing page's path: the same page without the provider query. */
export function useLandingPath() {
  return useLocation().pathname;
}

export interface WizardStep {
  key: string;
  label: string;
  icon: ReactNode;
}

/**
 * The wizard's frame. `onStepClick` makes the step icons buttons (`stepEnabled` says which may be
 * clicked); without it they only show where the person is.
 */
export function WizardFrame({
  title,
  logo,
  steps,
  current,
  onStepClick,
  stepEnabled,
  children,
  footer,
}: {
  title: string;
  logo: ReactNode;
  steps: WizardStep[];
  current: number;
  onStepClick?(index: number): void;
  stepEnabled?(index: number): boolean;
  children: ReactNode;
  footer: ReactNode;
}) {
  const landing = useLandingPath();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-neutral-200 pb-4">
        <div className="flex items-center gap-3">
          {logo}
          <h1 className="text-lg font-semibold text-neutral-900">{title}</h1>
        </div>
        <Link to={landing} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          Cancel import & go back
        </Link>
      </div>
      <nav aria-label="Import steps">
        <ol className="flex items-center gap-1 sm:gap-2">
          {steps.map((step, index) => {
            const done = index < current;
            const active = index === current;
            const tone = active
              ? "border-brand-600 bg-brand-600 text-white"
              : done
                ? "border-brand-300 bg-brand-50 text-brand-700 dark:border-brand-700 dark:bg-brand-950/40 dark:text-brand-300"
                : "border-neutral-300 bg-surface text-neutral-500";
            const badge = (
              <>
                <span className={`flex size-9 shrink-0 items-center justify-center rounded-full border ${tone}`}>{step.icon}</span>
                <span className={`hidden text-sm md:inline ${active ? "font-medium text-neutral-900" : "text-neutral-600"}`}>{step.label}</span>
              </>
            );
            return (
              <li key={step.key} className="flex min-w-0 flex-1 items-center gap-1 sm:gap-2 last:flex-none">
                {onStepClick ? (
                  <button
                    type="button"
                    className="flex items-center gap-2 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50"
                    aria-label={step.label}
                    aria-current={active ? "step" : undefined}
                    disabled={!(stepEnabled?.(index) ?? true)}
                    onClick={() => onStepClick(index)}
                  >
                    {badge}
                  </button>
                ) : (
                  <span className="flex items-center gap-2" aria-current={active ? "step" : undefined}>
                    {badge}
                  </span>
                )}
                {index < steps.length - 1 ? <span className="h-px min-w-3 flex-1 bg-neutral-200" aria-hidden="true" /> : null}
              </li>
            );
          })}
        </ol>
        <p className="mt-2 text-sm text-neutral-600 md:hidden">
          Step {current + 1} of {steps.length}: <span className="font-medium text-neutral-900">{steps[current]?.label}</span>
        </p>
      </nav>
      <section aria-label={steps[current]?.label} className="rounded-lg border border-neutral-200 bg-surface p-4 sm:p-5">
        {children}
      </section>
      <div className="flex items-center justify-end gap-2">{footer}</div>
    </div>
  );
}

/** Back and Next (or the last step's submit). */
export function WizardButtons({
  onBack,
  onNext,
  nextDisabled,
  nextLabel = "Next",
  busy = false,
  busyLabel,
}: {
  onBack?(): void;
  onNext(): void;
  nextDisabled: boolean;
  nextLabel?: string;
  busy?: boolean;
  busyLabel?: string;
}) {
  return (
    <>
      {onBack ? (
        <button type="button" className={buttonClass("secondary")} onClick={onBack} disabled={busy}>
          Back
        </button>
      ) : null}
      <button type="button" className={buttonClass("primary")} onClick={onNext} disabled={nextDisabled || busy}>
        {busy ? <Spinner /> : null}
        {busy ? (busyLabel ?? nextLabel) : nextLabel}
      </button>
    </>
  );
}

/** The project an import writes into; names cut at 25 characters. */
/** The options of a project select: a placeholder, then each project's name cut at 25 characters. */
export function ProjectOptions({ projects }: { projects: ImportTargetProject[] }) {
  return (
    <>
      <option value="">Select a project</option>
      {projects.map((project) => (
        <option key={project.id} value={project.id}>
          {truncate(project.name, 25)}
        </option>
      ))}
    </>
  );
}

export function ProjectPicker({
  projects,
  value,
  onChange,
  error,
  onBlur,
}: {
  projects: ImportTargetProject[];
  value: string;
  onChange(projectId: string): void;
  error?: string | null;
  onBlur?(): void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Project
      </label>
      {projects.length === 0 ? (
        <p className="text-sm text-neutral-600">{IMPORT_MESSAGES.noProjects}</p>
      ) : (
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <ProjectOptions projects={projects} />
        </select>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Toggle({ label, description, checked, onChange }: { label: string; description?: string; checked: boolean; onChange(value: boolean): void }) {
  const labelId = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-neutral-900">
          {label}
        </p>
        {description ? <p className="text-xs text-neutral-600">{description}</p> : null}
      </div>
      <Switch checked={checked} labelledBy={labelId} onChange={onChange} />
    </div>
  );
}

/** A person of the source and what the wizard will do with them. */
export interface UserChoice {
  username: string;
  /** How the person is shown (a login, a display name). */
  label: string;
  avatar?: string;
  import: UserImportMode;
  email: string;
}

const MODE_VALUE = { map: "map", invite: "invite", false: "false" } as const;
const modeOf = (value: string): UserImportMode => (value === "map" ? "map" : value === "invite" ? "invite" : false);

/** Whether every person who is imported has an email (mapped or typed). */
export const usersComplete = (users: UserChoice[]) => users.every((user) => user.import === false || user.email.trim() !== "");

/** The users table: per person, map / invite / do not import; changing the mode clears the email. */
export function UserMapping({
  users,
  members,
  onChange,
}: {
  users: UserChoice[];
  members: ImportMember[];
  onChange(users: UserChoice[]): void;
}) {
  const update = (index: number, patch: Partial<UserChoice>) => onChange(users.map((user, at) => (at === index ? { ...user, ...patch } : user)));
  if (users.length === 0) return <p className="text-sm text-neutral-600">The source names nobody to bring along.</p>;
  return (
    <ul className="divide-y divide-neutral-100" aria-label="People to import">
      {users.map((user, index) => {
        const missing = user.import === "invite" && user.email.trim() === "";
        const errorId = `user-${index}-error`;
        return (
          <li key={user.username} className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_11rem_minmax(0,1.3fr)] sm:items-start">
            <div className="flex min-w-0 items-center gap-2 sm:pt-2">
              {user.avatar ? <img src={user.avatar} alt="" className="size-6 rounded-full" /> : null}
              <span className="truncate text-sm font-medium text-neutral-900">{user.label}</span>
            </div>
            <select
              aria-label={`How to import ${user.label}`}
              className={inputClass}
              value={MODE_VALUE[String(user.import) as keyof typeof MODE_VALUE]}
              onChange={(event) => update(index, { import: modeOf(event.target.value), email: "" })}
            >
              <option value="map">Map to a member</option>
              <option value="invite">Invite by email</option>
              <option value="false">Do not import</option>
            </select>
            <div>
              {user.import === "map" ? (
                <select aria-label={`Member for ${user.label}`} className={inputClass} value={user.email} onChange={(event) => update(index, { email: event.target.value })}>
                  <option value="">Select a member</option>
                  {members.map((member) => (
                    <option key={member.id} value={member.email}>
                      {member.display_name ? `${member.display_name} (${member.email})` : member.email}
                    </option>
                  ))}
                </select>
              ) : user.import === "invite" ? (
                <>
                  <input
                    type="email"
                    aria-label={`Email to invite ${user.label}`}
                    placeholder="name@company.com"
                    className={inputClass}
                    value={user.email}
                    aria-invalid={missing ? true : undefined}
                    aria-describedby={missing ? errorId : undefined}
                    onChange={(event) => update(index, { email: event.target.value })}
                  />
                  {missing ? (
                    <p id={errorId} className="mt-1.5 text-xs text-red-600 dark:text-red-400">
                      {INVITED_EMAIL_REQUIRED}
                    </p>
                  ) : null}
                </>
              ) : (
                <p className="text-sm text-neutral-500 sm:pt-2">Their issues come in unassigned.</p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A figure with its caption (the counts the wizards show before importing). */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-neutral-200 px-3 py-2">
      <p className="text-xs text-neutral-600">{label}</p>
      <p className="text-lg font-semibold text-neutral-900">{value}</p>
    </div>
  );
}
