// What the shell's command registry and the palette share (types only, so the shell loads none
// of the palette's code).

/** The create dialogs the palette and the single-key shortcuts open. */
export type CreateKind = "issue" | "project" | "cycle" | "module" | "view" | "page";

/** The issue page's data and commands, as the palette shows and runs them. */
export interface PaletteIssue {
  id: string;
  name: string;
  sequence_id: number;
  /** The project's identifier ("DEMO" in "DEMO-12"). */
  identifier: string;
  state: string | null;
  priority: string;
  assignees: string[];
  states: { id: string; name: string; group: string; color: string }[];
  members: { id: string; name: string }[];
  /** Who is looking (Assign to me). */
  viewerId: string;
  /** Guests and viewers get no commands that change the issue. */
  canEdit: boolean;
  update(patch: { state?: string; priority?: string; assignees_list?: string[] }): void;
  /** Opens the page's own delete confirmation. */
  requestDelete(): void;
  copyUrl(): void;
}

/** What the shell hands the palette: the workspace, the create dialogs the page offers, and its issue. */
export interface PaletteHost {
  workspaceSlug: string;
  /** The create dialogs the current page offers. */
  creatable: ReadonlySet<CreateKind>;
  openCreate(kind: CreateKind): void;
  openShortcuts(): void;
  /** The issue the page shows, if any. */
  issue: PaletteIssue | null;
}
