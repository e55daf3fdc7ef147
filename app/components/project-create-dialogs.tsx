// The project's create dialogs for saved views and pages, offered to the command palette and to
// V and D while a project is open. Each dialog is its own lazily loaded module: a slot left null
// offers nothing (the palette shows the command disabled and the key does nothing).
import { type ComponentType, Suspense, useState } from "react";
import { useRegisterCreate } from "./command-palette/command-center";

interface CreateDialogProps {
  workspaceSlug: string;
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

// SLOT (wired when the views screen lands): lazy(() => import("~/components/...").then((m) => ({ default: m.CreateViewDialog })))
const CreateViewDialog: ComponentType<CreateDialogProps> | null = null;
// SLOT (wired when the pages screen lands): lazy(() => import("~/components/...").then((m) => ({ default: m.CreatePageDialog })))
const CreatePageDialog: ComponentType<CreateDialogProps> | null = null;

export function ProjectCreateDialogs({
  workspaceSlug,
  projectId,
  canCreate,
}: {
  workspaceSlug: string;
  projectId: string;
  /** Guests and viewers create nothing. */
  canCreate: boolean;
}) {
  const [open, setOpen] = useState<"view" | "page" | null>(null);
  useRegisterCreate("view", canCreate && CreateViewDialog ? () => setOpen("view") : null);
  useRegisterCreate("page", canCreate && CreatePageDialog ? () => setOpen("page") : null);
  const Dialog = open === "view" ? CreateViewDialog : open === "page" ? CreatePageDialog : null;
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
