// Runs once each time a fetcher's submission has been answered, with the answer. It runs when the
// action answers, before the revalidation that follows, so a row that the new data removes still
// hears about its own success.
import type { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ProfileActionData } from "~/lib/profile-contract";

export function useSettled(fetcher: ReturnType<typeof useFetcher<ProfileActionData>>, onSettled: (data: ProfileActionData) => void) {
  const submitting = useRef(false);
  const callback = useRef(onSettled);
  callback.current = onSettled;
  useEffect(() => {
    if (fetcher.state === "submitting") {
      submitting.current = true;
      return;
    }
    if (submitting.current) {
      submitting.current = false;
      if (fetcher.data) callback.current(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);
}
