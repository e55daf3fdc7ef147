// Copies text to the clipboard and says so in a toast; a browser that refuses (no permission, no
// secure context) gets the app's one copy-failure message.
import { useCallback } from "react";
import { useToast } from "~/components/toast";
import { useCheckToast } from "./use-check-toast";

/** What the success toast says, unless the caller words it itself. */
const COPIED = { title: "Success!", message: "Copied to clipboard" };

/** Copies `text` and tells how it went; `said` words the success toast. */
export function useCopy() {
  const toast = useToast();
  const tell = useCheckToast();
  return useCallback(
    async (text: string, said: { title: string; message: string } = COPIED) => {
      try {
        await navigator.clipboard.writeText(text);
        toast.show({ type: "success", ...said });
      } catch (failure) {
        console.warn("copying failed", failure);
        tell("Some error occurred");
      }
    },
    [toast, tell],
  );
}
