// The one way a component acts and reads the answer. A page action's answer is read once per
// submission through `useAction` (a fetcher keeps its last data, so an effect that only compared
// renders would fire again on every revalidation); a REST call's refusal comes back as a thrown
// ApiRefusal. Either way a failure goes through one policy (`useFailurePolicy`): Unauthenticated
// sends the person to sign-in, field messages go onto a form that takes them, and anything else
// shows one error toast with the server's words (or the screen's own words when the server gave
// none or the call never got an answer).
import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/cloudflare";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { type ActionFailure, failureMessage, failureOfAnswer } from "~/lib/action-answer";
import { failureOfThrown } from "~/lib/api-client";
import { signInPath } from "~/lib/paths";
import { SOMETHING_WENT_WRONG } from "../../workers/domain/schemas/constants";
import { useToast } from "../components/toast";

export type { ActionFailure };

/** What a screen says about a failure, besides the policy's defaults. */
export interface FailureOptions {
  /**
   * The toast's words: a string is used when the server gave none (or no answer came); a
   * function chooses for each failure. Defaults to "Something went wrong. Please try again.".
   */
  message?: string | ((failure: ActionFailure) => string);
  /** A form's field messages: given, a failure with field messages goes here instead of a toast. */
  onFields?(fields: Record<string, string[]>, failure: ActionFailure): void;
  /** A screen that shows a refusal's words next to the control that asked: given, they go here instead of a toast. */
  onMessage?(text: string, failure: ActionFailure): void;
  /** Called after the toast (or the fields) for what the screen undoes itself: a rollback. */
  onError?(failure: ActionFailure): void;
}

/** What to do with a page action's answer. */
export interface ActionOptions<Answer> extends FailureOptions {
  /** Called once with each answer that is not a failure. */
  onDone?(answer: Answer): void;
}

/** The one failure policy: sign-in, field messages or one error toast, then `onError`. */
export function useFailurePolicy() {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef("");
  where.current = location.pathname + location.search;
  return useCallback(
    (failure: ActionFailure, options: FailureOptions = {}) => {
      if (failure.kind === "Unauthenticated") {
        navigate(signInPath(where.current));
        return;
      }
      if (failure.fields && options.onFields) options.onFields(failure.fields, failure);
      else {
        const { message = SOMETHING_WENT_WRONG } = options;
        const text = typeof message === "function" ? message(failure) : failureMessage(failure, message);
        if (options.onMessage) options.onMessage(text, failure);
        else toast.show({ type: "error", title: "Error!", message: text });
      }
      options.onError?.(failure);
    },
    [navigate, toast],
  );
}

/**
 * Runs a REST call: answers its value, or null after the failure went through the policy
 * (a call aborted by the screen itself is dropped without a toast).
 */
export function useApiCall() {
  const fail = useFailurePolicy();
  return useCallback(
    async <T,>(call: () => Promise<T>, options: FailureOptions & { signal?: AbortSignal } = {}): Promise<{ value: T } | null> => {
      try {
        return { value: await call() };
      } catch (error) {
        if (options.signal?.aborted) return null;
        fail(failureOfThrown(error), options);
        return null;
      }
    },
    [fail],
  );
}

/** What `useAction` reads of a fetcher. */
type Fetcher<Answer> = { state: string; data?: Answer };

/** Reads each answer `fetcher` receives once: a success goes to `onDone`, a failure through the policy. */
export function useAction<Answer>(fetcher: Fetcher<Answer>, options: ActionOptions<Answer> = {}) {
  const fail = useFailurePolicy();
  const latest = useRef(options);
  latest.current = options;
  // A keyed fetcher keeps its last answer: the one present when reading began is not this one.
  const handled = useRef<unknown>(fetcher.state === "idle" ? fetcher.data : undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const failure = failureOfAnswer(fetcher.data);
    if (!failure) latest.current.onDone?.(fetcher.data as Answer);
    // A form's own reply already shows its messages on the form; only other refusals toast.
    else if (failure.onForm && failure.kind === "Invalid") latest.current.onError?.(failure);
    else fail(failure, latest.current);
  }, [fetcher.state, fetcher.data, fail]);
}

/** `useAction` on the fetcher keyed `key`, which it answers so the caller can submit on it. */
export function useKeyedAction<Answer>(key: string, options: ActionOptions<SerializeFrom<Answer>> = {}) {
  const fetcher = useFetcher<Answer>({ key });
  useAction(fetcher, options);
  return fetcher;
}

function ActionWatcher({ fetcherKey, options }: { fetcherKey: string; options: ActionOptions<unknown> }) {
  useKeyedAction(fetcherKey, options);
  return null;
}

/**
 * Answers that outlive the control that asked: a row can leave the screen before its write
 * answers (deleted meanwhile), and its failure must still show. The row submits on a keyed
 * fetcher after `watch(key, options)`; the screen renders `watchers` and reads that key's next
 * answer from above, then stops watching.
 */
export function useActionWatchers<Answer>(): { watch(key: string, options: ActionOptions<Answer>): void; watchers: ReactNode } {
  const [watched, setWatched] = useState<{ id: number; key: string; options: ActionOptions<Answer> }[]>([]);
  const next = useRef(0);
  const watch = useCallback((key: string, options: ActionOptions<Answer>) => {
    const id = ++next.current;
    setWatched((list) => [...list.filter((entry) => entry.key !== key), { id, key, options }]);
  }, []);
  const stop = (id: number) => setWatched((list) => list.filter((other) => other.id !== id));
  const watchers = watched.map((entry) => (
    <ActionWatcher
      key={entry.id}
      fetcherKey={entry.key}
      options={{
        ...entry.options,
        onDone: (answer) => {
          stop(entry.id);
          entry.options.onDone?.(answer as Answer);
        },
        onError: (failure) => {
          stop(entry.id);
          entry.options.onError?.(failure);
        },
      }}
    />
  ));
  return { watch, watchers };
}
