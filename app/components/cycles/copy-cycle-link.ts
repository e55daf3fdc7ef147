// Copying a cycle's address, from the list's menu or the cycle's panel: a toast says whether the
// browser let it through.
import { useToast } from "~/components/toast";
import { CYCLE_TEXT } from "~/lib/cycles-page-contract";
import { cycleIssuesPath } from "~/lib/paths";

/** Copies the address of a cycle's issues and says so, or says that the browser refused. */
export function useCopyCycleLink(workspaceSlug: string, projectId: string) {
  const toast = useToast();
  return async (cycleId: string) => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${cycleIssuesPath(workspaceSlug, projectId, cycleId)}`);
      toast.show({ type: "success", title: CYCLE_TEXT.linkCopiedTitle, message: CYCLE_TEXT.linkCopied });
    } catch {
      toast.show({ type: "error", title: "Error!", message: CYCLE_TEXT.copyFailed });
    }
  };
}
