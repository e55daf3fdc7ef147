// The project's create dialogs for cycles, modules, saved views and pages, offered to the command
// palette and to Q, M, V and D while a project is open, when the project shows those sections and
// the member may create. Each dialog is its own lazily loaded module (it carries its form's
// schema), fetched the first time it opens.
import { lazy, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { useRegisterCreate } from "./command-palette/command-center";

const CreateViewDialog = lazy(() => import("~/components/views/view-form-dialog").then((m) => ({ default: m.CreateViewDialog })));
const CreateModuleDialog = lazy(() => import("~/components/modules/module-form-dialog").then((m) => ({ default: m.CreateModuleDialog })));
const CreatePageDialog = lazy(() => import("~/components/pages/page-form-dialog").then((m) => ({ default: m.CreatePageDialog })));
const CycleFormDialog = lazy(() => import("~/components/cycles/cycle-form-dialog").then((m) => ({ default: m.CycleFormDialog })));

/** What each create dialog takes: the project it creates in, and its open state. */
export interface ProjectCreateDialogProps {
  workspaceSlug: string;
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called with the new item's id instead of opening it. */
  onCreated?(id: string): void;
}

export function ProjectCreateDialogs({
  workspaceSlug,
  projectId,
  canCreate,
  showsModules,
  showsViews,
  showsPages,
  showsCycles,
}: {
  workspaceSlug: string;
  projectId: string;
  /** Guests and viewers create nothing. */
  canCreate: boolean;
  /** The project's Modules, Views and Pages sections are turned on. */
  showsModules: boolean;
  showsViews: boolean;
  showsPages: boolean;
  /** The project's Cycles section is turned on. */
  showsCycles: boolean;
}) {
  const [open, setOpen] = useState<"cycle" | "module" | "view" | "page" | null>(null);
  useRegisterCreate("cycle", canCreate && showsCycles ? () => setOpen("cycle") : null);
  useRegisterCreate("module", canCreate && showsModules ? () => setOpen("module") : null);
  useRegisterCreate("view", canCreate && showsViews ? () => setOpen("view") : null);
  useRegisterCreate("page", canCreate && showsPages ? () => setOpen("page") : null);
  const Dialog =
    open === "cycle"
      ? CycleFormDialog
      : open === "module"
        ? CreateModuleDialog
        : open === "view"
          ? CreateViewDialog
          : open === "page"
            ? CreatePageDialog
            : null;
  if (!Dialog) return null;
  return (
    <Suspense fallback={null}>
      <Dialog
        workspaceSlug={workspaceSlug}
        projectId={projectId}
        open
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
      />
    </Suspense>
  );
}
