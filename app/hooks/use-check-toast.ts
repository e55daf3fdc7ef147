// Error toasts that are no answer of the server: a check the browser makes before anything is
// sent, a browser that refuses (the clipboard), an answer with nothing in it. A refused action is
// told by the failure policy in use-action.tsx instead.
import { useCallback } from "react";
import { useToast } from "~/components/toast";

/** A picker's submit with nothing picked. */
export const NO_ISSUE_PICKED = "Please select atleast one issue";

/** Shows the message of a check made in the browser as one error toast. */
export function useCheckToast() {
  const toast = useToast();
  return useCallback((message: string) => toast.show({ type: "error", title: "Error!", message }), [toast]);
}
