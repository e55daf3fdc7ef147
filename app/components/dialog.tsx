// The one dialog shell (backdrop, positioner, card) and the pieces dialogs share: the red alert
// heading of a deletion and the Cancel + confirm footer.
import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { type ReactNode, useState } from "react";
import { useBrowserLayoutEffect } from "~/hooks/use-browser-layout-effect";
import { IconAlert } from "./icons";
import { type ButtonVariant, Spinner, buttonClass } from "./ui";

/** The grey bar footer of form dialogs (link, label, project and issue forms). */
export const dialogFooterBarClass = "flex items-center justify-end gap-2 rounded-b-xl border-t border-neutral-100 bg-neutral-50/60";

/**
 * A modal card over a dimmed page. `alert` makes it an alertdialog (deletions); `layer="top"`
 * puts it above the issue page and the issue modal; `keepMounted` keeps its content in the page
 * while closed (hidden), for a form that is cleared some time after it closes.
 */
export function DialogShell({
  open,
  onOpenChange,
  alert = false,
  width = "max-w-lg",
  offset = "sm:pt-[12vh]",
  layer = "page",
  keepMounted = false,
  onEscapeKeyDown,
  contentAttributes,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  alert?: boolean;
  /** The card's max-width class. */
  width?: string;
  /** How far down the card sits on larger screens (a padding-top class). */
  offset?: string;
  layer?: "page" | "top";
  keepMounted?: boolean;
  /** Called before Escape closes the dialog; `preventDefault()` keeps it open (a sub-page goes back). */
  onEscapeKeyDown?(event: KeyboardEvent): void;
  /** Data attributes for the card (the element with the dialog role). */
  contentAttributes?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  // A dialog never opened is not in the page at all: each closed Ark dialog still runs its state
  // machines on every render, on the server and in hydration, and a page holds a dozen of them.
  // Asked to open, it mounts closed and opens before the browser paints, so Ark runs its opening
  // (focus, the focus trap) as it does for a dialog that was there all along; then it stays.
  // `keepMounted` keeps a dialog in the page once it has opened, not before.
  const [mounted, setMounted] = useState(open);
  useBrowserLayoutEffect(() => {
    if (open && !mounted) setMounted(true);
  }, [open, mounted]);
  if (!mounted && !open) return null;
  const z = layer === "top" ? "z-[70]" : "z-50";
  // Black, not a neutral step: the greys swap in the dark theme, and Chromium mixes Tailwind's
  // neutral-900 (an oklch with a "none" hue) with transparent into nothing at all.
  const hidden = keepMounted ? " data-[state=closed]:hidden" : "";
  // No backdrop blur: a filter over the whole viewport is drawn again on every frame the dialog
  // shows, and without a GPU it held each frame back by 70-90 ms; the dim alone marks the layer.
  // Modal to the person, without touching <html> or <body>: Ark's modal mode sets `pointer-events`
  // on the body and a custom property on the root, both inherited, so every element of the page
  // has its style computed again on open and again on close (15-30 ms each on a board). Here the
  // positioner covers the page (a click on it is outside the card and closes it), contains the
  // wheel (overscroll-contain, so the page below does not scroll), the focus stays trapped in the
  // card, and `aria-modal` tells assistive technology the rest is out of reach.
  return (
    <Dialog.Root
      open={open && mounted}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount={!keepMounted}
      unmountOnExit={!keepMounted}
      role={alert ? "alertdialog" : "dialog"}
      onEscapeKeyDown={onEscapeKeyDown}
      modal={false}
      trapFocus
      preventScroll={false}
      closeOnInteractOutside={!alert}
    >
      <Portal>
        {/* Black whatever the theme (the dark palette's greys run light), darker in the dark theme;
            apart from the interpolation: Tailwind's scanner does not see a class glued to "${". */}
        <Dialog.Backdrop className={`fixed inset-0 ${z} bg-black/40 dark:bg-black/60${hidden}`} />
        <Dialog.Positioner className={`fixed inset-0 ${z} flex items-start justify-center overflow-y-auto overscroll-contain p-4 ${offset}${hidden}`}>
          <Dialog.Content
            {...contentAttributes}
            aria-modal="true"
            className={`w-full ${width} rounded-xl bg-surface shadow-2xl ring-1 ring-black/5 outline-none${hidden}`}
          >
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The heading of a deletion: a red warning sign beside the title and what will be lost. */
export function DialogAlertHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 dark:bg-red-950/40 text-red-600 dark:text-red-400">
        <IconAlert size={20} />
      </span>
      <div className="min-w-0 flex-1">
        <Dialog.Title className="text-lg font-semibold text-neutral-900">{title}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-neutral-500">{children}</Dialog.Description>
      </div>
    </div>
  );
}

/**
 * Cancel (closes the dialog) and the confirm button: a submit button, or with `onConfirm` a plain
 * button. While `busy` it shows a spinner and `busyLabel`, and is disabled.
 */
export function DialogActions({
  label,
  busyLabel = label,
  busy = false,
  disabled = false,
  variant = "primary",
  size = "md",
  cancelLabel = "Cancel",
  onConfirm,
  className = "mt-6 flex justify-end gap-2",
}: {
  label: string;
  busyLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  variant?: ButtonVariant;
  size?: "sm" | "md";
  cancelLabel?: string;
  onConfirm?(): void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Dialog.CloseTrigger type="button" className={buttonClass("secondary", size)}>
        {cancelLabel}
      </Dialog.CloseTrigger>
      <button
        type={onConfirm ? "button" : "submit"}
        className={buttonClass(variant, size)}
        disabled={disabled || busy}
        onClick={onConfirm}
      >
        {busy ? <Spinner className={size === "sm" ? "size-3.5" : ""} /> : null}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/** The footer of a form dialog: Cancel and the small submit button on the grey bar under the fields. */
export function FormDialogActions(props: Omit<Parameters<typeof DialogActions>[0], "size" | "className" | "onConfirm" | "variant">) {
  return <DialogActions {...props} size="sm" className={`${dialogFooterBarClass} px-5 py-3`} />;
}

/**
 * "Delete {kind}": asks before deleting the named `target` (null keeps it closed), in one wording:
 * "Are you sure you want to delete the {kind} {name}? {consequence} This action cannot be undone."
 */
export function ConfirmDeleteDialog<Target extends { name: string }>({
  kind,
  target,
  consequence,
  onClose,
  pending,
  onConfirm,
}: {
  kind: string;
  target: Target | null;
  /** What else goes with it, said before "This action cannot be undone." */
  consequence?: string;
  onClose(): void;
  pending: boolean;
  onConfirm(target: Target): void;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delete ${kind}`}
      description={
        <>
          Are you sure you want to delete the {kind} <span className="font-medium text-neutral-900">{target?.name}</span>?
          {consequence ? ` ${consequence}` : ""} This action cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={pending}
      onConfirm={() => {
        if (target) onConfirm(target);
      }}
    />
  );
}

/** A yes-or-no question before something that cannot be undone; the answer button is red. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm(): void;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} alert width="max-w-md" layer="top">
      <div className="p-5">
        <Dialog.Title className="text-base font-semibold text-neutral-900">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-neutral-600">{description}</Dialog.Description>
        <DialogActions
          label={confirmLabel}
          busyLabel={pendingLabel}
          busy={pending}
          variant="danger"
          size="sm"
          onConfirm={onConfirm}
          className="mt-5 flex justify-end gap-2"
        />
      </div>
    </DialogShell>
  );
}
