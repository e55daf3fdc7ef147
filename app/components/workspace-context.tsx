// What pages inside the workspace shell can reach: the workspace, its projects and shell actions.
import { createContext, useContext } from "react";
import type { ProjectView, ServiceFeatures } from "../../workers/domain/schemas/responses";
import type { GeneralProject } from "../lib/project-settings-general-contract";

/** A project as the shell's loader hands it to the browser: its settings and the viewer's membership. */
export type ShellProject = GeneralProject &
  Pick<ProjectView, "is_member" | "member_role" | "is_favorite" | "estimate" | "created_at" | "updated_at">;

export interface WorkspaceShellValue {
  workspace: { id: string; name: string; slug: string; role?: number };
  projects: ShellProject[];
  /** The optional services this server has (AI, image search): a page offers only these. */
  features: ServiceFeatures;
  openCreateProject(): void;
  openSidebar(): void;
}

export const WorkspaceShellContext = createContext<WorkspaceShellValue | null>(null);

export function useWorkspaceShell() {
  const value = useContext(WorkspaceShellContext);
  if (!value) throw new Error("useWorkspaceShell must be used inside the workspace shell");
  return value;
}

/** The optional services this server has; none outside the workspace shell. */
export function useServiceFeatures(): ServiceFeatures {
  return useContext(WorkspaceShellContext)?.features ?? { ai: false, imageSearch: false };
}
