// Copying a cycle's address, from the list's menu or the cycle's panel: a toast says whether the
// browser let it through (a refusal is the browser's, told as a check).
import { useToast } from "~/components/toast";
import { useCheckToast } from "~/hooks/use-check-toast";
import { CYCLE_TEXT } from "~/lib/cycles-page-contract";
import { cycleIssuesPath } from "~/lib/paths";

/** Copies the address of a cycle's issues and says so, or says that the browser refused. */
export function useCopyCycleLink(workspaceSlug: string, projectId: string) {
  const toast = useToast();
  const tell = useCheckToast();
  return async (cycleId: string) => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${cycleIssuesPath(workspaceSlug, projectId, cycleId)}`);
      toast.show({ type: "success", title: CYCLE_TEXT.linkCopiedTitle, message: CYCLE_TEXT.linkCopied });
    } catch {
      tell(CYCLE_TEXT.copyFailed);
    }
  };
}
