// Runs once each time a fetcher's submission has been answered, with the answer. It runs when the
// action answers, before the revalidation that follows, so a row that the new data removes still
// hears about its own success. Given failure options, a refusal also goes through the failure
// policy (one toast, or sign-in) before the callback.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast";
import { type FailureOptions, useFailurePolicy } from "~/hooks/use-action";
import { failureOfAnswer } from "~/lib/action-answer";
import type { ProfileActionData } from "~/lib/profile-contract";

export function useSettled(
  fetcher: ReturnType<typeof useFetcher<ProfileActionData>>,
  onSettled: (data: ProfileActionData) => void,
  failure?: FailureOptions,
) {
  const fail = useFailurePolicy();
  const submitting = useRef(false);
  const latest = useRef({ onSettled, failure });
  latest.current = { onSettled, failure };
  useEffect(() => {
    if (fetcher.state === "submitting") {
      submitting.current = true;
      return;
    }
    if (submitting.current) {
      submitting.current = false;
      if (!fetcher.data) return;
      const refused = failureOfAnswer(fetcher.data);
      if (refused && latest.current.failure) fail(refused, latest.current.failure);
      latest.current.onSettled(fetcher.data);
    }
  }, [fetcher.state, fetcher.data, fail]);
}

/**
 * A profile row's removal behind a confirm dialog (revoke a token, sign out a session): its
 * fetcher, whether the dialog is open, and on success the dialog closes and `done` is toasted.
 */
export function useConfirmedRemoval(key: string, done: { title: string; message: string }, failure: string) {
  const fetcher = useFetcher<ProfileActionData>({ key });
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  useSettled(
    fetcher,
    (answer) => {
      if (!answer.ok) return;
      setConfirming(false);
      toast.show({ type: "success", ...done });
    },
    { message: failure },
  );
  return { fetcher, confirming, setConfirming };
}
