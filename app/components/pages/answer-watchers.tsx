// Answers that outlive the row that asked. A page or block can leave the screen before its write
// answers (deleted meanwhile, so the revalidated list no longer holds it); its failure toast must
// still show. Rows submit through keyed fetchers; the screen watches each key from above until
// the answer arrives, then stops watching.
import { useFetcher } from "@remix-run/react";
import { type ReactNode, useCallback, useRef, useState } from "react";
import type { PagesAnswer } from "~/lib/pages-contract";
import { useAnswer } from "../settings/use-answer";

type OnAnswer = (answer: PagesAnswer) => void;

function AnswerWatcher({ fetcherKey, onAnswer }: { fetcherKey: string; onAnswer: OnAnswer }) {
  const fetcher = useFetcher<PagesAnswer>({ key: fetcherKey });
  // A keyed fetcher keeps its last answer: the one present when watching began is not this one.
  const stale = useRef(fetcher.state === "idle" ? fetcher.data : undefined);
  useAnswer(fetcher, (answer) => {
    if (answer !== stale.current) onAnswer(answer);
  });
  return null;
}

/** `watch(key, onAnswer)` before submitting on the fetcher keyed `key`; render `watchers`. */
export function useAnswerWatchers(): { watch(key: string, onAnswer: OnAnswer): void; watchers: ReactNode } {
  const [watched, setWatched] = useState<{ id: number; key: string; onAnswer: OnAnswer }[]>([]);
  const next = useRef(0);
  const watch = useCallback((key: string, onAnswer: OnAnswer) => {
    const id = ++next.current;
    setWatched((list) => [...list.filter((entry) => entry.key !== key), { id, key, onAnswer }]);
  }, []);
  const watchers = watched.map((entry) => (
    <AnswerWatcher
      key={entry.id}
      fetcherKey={entry.key}
      onAnswer={(answer) => {
        setWatched((list) => list.filter((other) => other.id !== entry.id));
        entry.onAnswer(answer);
      }}
    />
  ));
  return { watch, watchers };
}
