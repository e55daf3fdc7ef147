// The project's create dialogs for saved views, pages and cycles, offered to the command palette
// and to V, D and Q while a project is open, when the project shows views and pages and the member may
// create. Each dialog is its own lazily loaded module (it carries its form's schema), fetched the
// first time it opens.
import { Suspense, lazy, useState } from "react";
import { useRegisterCreate } from "./command-palette/command-center";

const CreateViewDialog = lazy(() => import("~/components/views/view-form-dialog").then((m) => ({ default: m.CreateViewDialog })));
const CreatePageDialog = lazy(() => import("~/components/pages/page-form-dialog").then((m) => ({ default: m.CreatePageDialog })));
const CycleFormDialog = lazy(() => import("~/components/cycles/cycle-form-dialog").then((m) => ({ default: m.CycleFormDialog })));

export function ProjectCreateDialogs({
  workspaceSlug,
  projectId,
  canCreate,
  showsViews,
  showsPages,
  showsCycles,
}: {
  workspaceSlug: string;
  projectId: string;
  /** Guests and viewers create nothing. */
  canCreate: boolean;
  /** The project's Views and Pages sections are turned on. */
  showsViews: boolean;
  showsPages: boolean;
  /** The project's Cycles section is turned on. */
  showsCycles: boolean;
}) {
  const [open, setOpen] = useState<"view" | "page" | "cycle" | null>(null);
  useRegisterCreate("view", canCreate && showsViews ? () => setOpen("view") : null);
  useRegisterCreate("page", canCreate && showsPages ? () => setOpen("page") : null);
  useRegisterCreate("cycle", canCreate && showsCycles ? () => setOpen("cycle") : null);
  const Dialog = open === "view" ? CreateViewDialog : open === "page" ? CreatePageDialog : open === "cycle" ? CycleFormDialog : null;
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
