// What a person does on a card: one click handler for every card of the layout (property buttons
// open their menu or the date picker, issue links navigate client-side), and the card menu's
// actions (copy the link, open in a new tab, edit in the modal, delete).
import { useFetcher, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { type IssueToEdit, useIssueModal } from "~/components/issue-modal/context";
import { useCopy } from "~/hooks/use-copy";
import type { IssuePageData } from "~/lib/issue-page-contract";
import { issueKeyUrl } from "~/lib/paths";
import { type IssuePatch, type ViewIssue, isPendingIssue, issueKey } from "./model";
import type { CardAction, MenuTarget } from "./property-menu";

/** The dates a card or cell edits with the browser's date picker. */
type DateField = "start_date" | "target_date";

interface CardActionsInput {
  issuePath(issueId: string): string;
  /** The workspace and the project's identifier, which a copied link's issue key is made of. */
  workspaceSlug: string;
  identifier: string;
  byId: Map<string, ViewIssue>;
  canEdit: boolean;
  updateIssue(issue: ViewIssue, patch: IssuePatch): void;
  /** Asks to delete the issue (the confirmation dialog). */
  onDelete(issue: ViewIssue): void;
  /** Told of the issue a person opens, before the page changes. */
  onOpen(issue: ViewIssue): void;
}

/** The issue as the modal edits it, from the issue page's data. */
function issueToEdit(issue: NonNullable<IssuePageData["issue"]>): IssueToEdit {
  return {
    id: issue.id,
    sequence_id: issue.sequence_id,
    name: issue.name,
    description_html: issue.description_html,
    state: issue.state,
    priority: issue.priority as IssueToEdit["priority"],
    assignees_list: issue.assignees,
    labels_list: issue.labels,
    start_date: issue.start_date,
    target_date: issue.target_date,
    estimate_point: issue.estimate_point,
    parent: issue.parent,
    cycle: issue.cycle,
    module: issue.module,
  };
}

export function useCardActions({ issuePath, workspaceSlug, identifier, byId, canEdit, updateIssue, onDelete, onOpen }: CardActionsInput) {
  const copy = useCopy();
  const navigate = useNavigate();
  const issueModal = useIssueModal();
  const [menu, setMenu] = useState<MenuTarget | null>(null);
  const menuNonce = useRef(0);
  const dateInput = useRef<HTMLInputElement>(null);
  const dateTarget = useRef<{ issueId: string; field: DateField } | null>(null);

  // Editing needs the description, which the list does not carry: read the issue page's data first.
  const editFetcher = useFetcher<IssuePageData>();
  const editing = useRef<string | null>(null);
  useEffect(() => {
    const issue = editFetcher.data?.issue;
    if (editFetcher.state !== "idle" || !issue || editing.current !== issue.id) return;
    editing.current = null;
    issueModal.open({ issue: issueToEdit(issue) });
  }, [editFetcher.state, editFetcher.data, issueModal]);

  const cardAction = useCallback(
    (issue: ViewIssue, action: CardAction) => {
      const path = issuePath(issue.id);
      switch (action) {
        case "copy-link":
          void copy(issueKeyUrl(window.location.origin, workspaceSlug, issueKey(identifier, issue)), {
            title: "Link Copied!",
            message: "Issue link copied to clipboard.",
          });
          break;
        case "open-new-tab":
          window.open(path, "_blank", "noopener");
          break;
        case "edit":
          editing.current = issue.id;
          editFetcher.load(path);
          break;
        case "delete":
          onDelete(issue);
          break;
      }
    },
    [issuePath, workspaceSlug, identifier, copy, editFetcher, onDelete],
  );

  /** Opens the browser's date picker under `anchor` for the issue's start or due date. */
  const openDatePicker = (issue: ViewIssue, field: DateField, anchor: HTMLElement) => {
    const input = dateInput.current;
    if (!input) return;
    const rect = anchor.getBoundingClientRect();
    input.style.left = `${rect.left}px`;
    input.style.top = `${rect.bottom}px`;
    input.value = issue[field] ?? "";
    input.setAttribute("aria-label", field === "start_date" ? "Start date" : "Due date");
    dateTarget.current = { issueId: issue.id, field };
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };

  /** The date picked in the hidden date input. */
  const onDatePicked = (value: string | null) => {
    const target = dateTarget.current;
    const issue = target ? byId.get(target.issueId) : undefined;
    if (target && issue && value !== issue[target.field]) updateIssue(issue, { [target.field]: value });
  };

  /** One click handler for every card: property buttons, menus and client-side issue links. */
  const onLayoutClick = (event: React.MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const button = target.closest<HTMLElement>("[data-action]");
    const card = target.closest<HTMLElement>("[data-issue-id]");
    if (button && card) {
      const issue = byId.get(card.dataset.issueId ?? "");
      if (!issue || !canEdit) return;
      event.preventDefault();
      const action = button.dataset.action;
      if (action === "due_date") openDatePicker(issue, "target_date", button);
      else if (action === "start_date") openDatePicker(issue, "start_date", button);
      else setMenu({ kind: action as MenuTarget["kind"], issueId: issue.id, anchor: button, nonce: ++menuNonce.current });
      return;
    }
    const link = target.closest<HTMLAnchorElement>("a[data-issue-link]");
    if (link && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      const issue = byId.get(link.closest("[data-issue-id]")?.getAttribute("data-issue-id") ?? "");
      // A new issue the server has not answered for yet has no page to open.
      if (issue && isPendingIssue(issue)) return;
      if (issue) onOpen(issue);
      navigate(link.pathname);
    }
  };

  const closeMenu = useCallback(() => setMenu(null), []);
  return { menu, closeMenu, cardAction, onLayoutClick, dateInput, onDatePicked };
}
