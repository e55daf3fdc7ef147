// The workspace shell's keyboard layer: the command palette (Ctrl/Cmd+K), the shortcuts dialog
// (H), and the create shortcuts (C issue, P project, Q cycle, M module, V view, D page) that open
// whatever create dialog the page below registered. Only this small registry ships with the shell;
// the palette (fetched ahead when the browser is idle) and the shortcuts dialog load on first use,
// keeping the shell's up-front JavaScript small.
import { createContext, lazy, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { useShortcut } from "~/hooks/use-shortcut";
import { whenIdle } from "~/lib/when-idle";
import type { CreateKind, PaletteHost, PaletteIssue } from "./types";

export type { CreateKind, PaletteIssue } from "./types";

const loadPalette = () => import("./palette");
const loadShortcutsDialog = () => import("./shortcuts-dialog");
const CommandPalette = lazy(loadPalette);
const ShortcutsDialog = lazy(loadShortcutsDialog);

/** Marks the palette's dialog: Ctrl/Cmd+K inside it closes it, inside any other dialog does nothing. */
export const PALETTE_MARKER = "data-command-palette";

interface Registry {
  /** Makes `kind` openable while the caller is mounted; returns the undo. */
  registerCreate(kind: CreateKind, open: () => void): () => void;
  /** The issue page hands its commands to the palette while it is shown. */
  registerIssue(issue: PaletteIssue | null): void;
}

const RegistryContext = createContext<Registry | null>(null);

/**
 * Offers a create dialog to the palette and its shortcut while the calling component is mounted;
 * `open` null offers nothing (someone who may not create). The latest `open` is called.
 */
export function useRegisterCreate(kind: CreateKind, open: (() => void) | null) {
  const registry = useContext(RegistryContext);
  const latest = useRef(open);
  latest.current = open;
  const offered = open !== null;
  useEffect(() => {
    if (!registry || !offered) return;
    return registry.registerCreate(kind, () => latest.current?.());
  }, [registry, kind, offered]);
}

/** `useRegisterCreate` as an element, for a component that renders the provider itself. */
export function CreateOpener({ kind, open }: { kind: CreateKind; open: (() => void) | null }) {
  useRegisterCreate(kind, open);
  return null;
}

/** The issue page's commands for the palette (Change state, Assign to, ...), while it is shown. */
export function usePaletteIssue(issue: PaletteIssue | null) {
  const registry = useContext(RegistryContext);
  useEffect(() => {
    registry?.registerIssue(issue);
  }, [registry, issue]);
  useEffect(() => () => registry?.registerIssue(null), [registry]);
}

/** Fetches the palette's code once the page has settled, so the first Ctrl/Cmd+K opens at once. */
function usePrefetchWhenIdle() {
  useEffect(() => whenIdle(() => void loadPalette(), 10_000), []);
}

export function CommandCenter({ workspaceSlug, children }: { workspaceSlug: string; children: React.ReactNode }) {
  const [openers, setOpeners] = useState<Partial<Record<CreateKind, () => void>>>({});
  const [issue, setIssue] = useState<PaletteIssue | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // Once loaded, each stays mounted (closed) so a second opening is instant.
  const [paletteLoaded, setPaletteLoaded] = useState(false);
  const [shortcutsLoaded, setShortcutsLoaded] = useState(false);
  const openersRef = useRef(openers);
  openersRef.current = openers;

  const registry = useMemo<Registry>(
    () => ({
      registerCreate(kind, open) {
        setOpeners((current) => ({ ...current, [kind]: open }));
        return () =>
          setOpeners((current) => {
            if (current[kind] !== open) return current;
            const { [kind]: _, ...rest } = current;
            return rest;
          });
      },
      registerIssue: setIssue,
    }),
    [],
  );

  const openPalette = useCallback(() => {
    setPaletteLoaded(true);
    setPaletteOpen(true);
  }, []);
  const openShortcuts = useCallback(() => {
    setShortcutsLoaded(true);
    setShortcutsOpen(true);
  }, []);
  // Opens the create dialog of `kind` if the current page offers one, else does nothing.
  const openCreate = useCallback((kind: CreateKind) => openersRef.current[kind]?.(), []);

  usePrefetchWhenIdle();
  // Like Linear, Ctrl/Cmd+K works while typing (it types nothing); inside another dialog it is
  // left alone, and inside the palette it closes it.
  useShortcut({ key: "k", mod: true, allowInInputs: true }, (event) => {
    const dialog = event.target instanceof Element ? event.target.closest("[role=dialog],[role=alertdialog]") : null;
    if (dialog && !dialog.hasAttribute(PALETTE_MARKER)) return;
    if (paletteOpen) setPaletteOpen(false);
    else openPalette();
  });
  useShortcut({ key: "h" }, openShortcuts);
  useShortcut({ key: "c" }, () => openCreate("issue"));
  useShortcut({ key: "p" }, () => openCreate("project"));
  useShortcut({ key: "q" }, () => openCreate("cycle"));
  useShortcut({ key: "m" }, () => openCreate("module"));
  useShortcut({ key: "v" }, () => openCreate("view"));
  useShortcut({ key: "d" }, () => openCreate("page"));

  const host = useMemo<PaletteHost>(
    () => ({ workspaceSlug, creatable: new Set(Object.keys(openers) as CreateKind[]), openCreate, openShortcuts, issue }),
    [workspaceSlug, openers, openCreate, openShortcuts, issue],
  );
  return (
    <RegistryContext.Provider value={registry}>
      {children}
      {paletteLoaded ? (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} host={host} />
        </Suspense>
      ) : null}
      {shortcutsLoaded ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
        </Suspense>
      ) : null}
    </RegistryContext.Provider>
  );
}
