// Copies text to the clipboard and says so in a toast; a browser that refuses (no permission, no
// secure context) gets the app's one copy-failure message.
import { useToast } from "~/components/toast";

export function useCopy() {
  const toast = useToast();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.show({ type: "success", title: "Success!", message: "Copied to clipboard" });
    } catch (failure) {
      console.warn("copying failed", failure);
      toast.show({ type: "error", title: "Error!", message: "Some error occurred" });
    }
  };
}
