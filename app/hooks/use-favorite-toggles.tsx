// The favourite stars of a list (cycles, modules, saved views): a toggle shows at once and posts
// one intent on its own keyed fetcher (so a row that leaves the list cannot lose the answer). The
// toggled value stands until the loader's own value changes, that is until the list has been read
// again after the write. A refused toggle is told by a toast; with `rollback` the star falls back
// to the loaded value, without it the star keeps the clicked value (the rule for cycles and
// modules).
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { failureOfAnswer } from "~/lib/action-answer";
import { useFailurePolicy } from "./use-action";

interface Favoritable {
  id: string;
  is_favorite: boolean;
}

interface FavoriteWrite {
  id: number;
  itemId: string;
  favorite: boolean;
}

export interface FavoriteTogglesOptions {
  /** The action the intents are posted to. */
  action: string;
  /**
   * What is starred: names the intents (`favorite-{kind}` / `unfavorite-{kind}` with `{kind}_id`)
   * and the fetchers (`{kind}-favorite-{n}`).
   */
  kind: "cycle" | "module" | "view";
  /** The error toasts' texts for a refused star or unstar. */
  texts: { favoriteFailed: string; unfavoriteFailed: string };
  rollback: boolean;
}

/** The JSON intent that stars (`favorite`) or unstars one item. */
function favoriteIntent(kind: FavoriteTogglesOptions["kind"], itemId: string, favorite: boolean) {
  return { intent: `${favorite ? "favorite" : "unfavorite"}-${kind}`, [`${kind}_id`]: itemId };
}

/** Sends one toggle when it mounts and reports the answer. */
function FavoriteRunner({
  write,
  options,
  onDone,
}: { write: FavoriteWrite; options: FavoriteTogglesOptions; onDone(write: FavoriteWrite, answer: unknown): void }) {
  const fetcher = useFetcher<{ ok: boolean }>({ key: `${options.kind}-favorite-${write.id}` });
  const sent = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sends exactly once, on mount.
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    fetcher.submit(favoriteIntent(options.kind, write.itemId, write.favorite), { method: "post", action: options.action, encType: "application/json" });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the fetcher settling only.
  useEffect(() => {
    if (sent.current && fetcher.state === "idle" && fetcher.data !== undefined) onDone(write, fetcher.data);
  }, [fetcher.state, fetcher.data]);
  return null;
}

export function useFavoriteToggles(options: FavoriteTogglesOptions) {
  const fail = useFailurePolicy();
  const [pending, setPending] = useState<FavoriteWrite[]>([]);
  // The clicked value of each item, and its loaded value when it was clicked.
  const [toggled, setToggled] = useState<Record<string, { favorite: boolean; loaded: boolean }>>({});
  const nextId = useRef(1);
  const latest = useRef(options);
  latest.current = options;
  const toggle = useCallback((item: Favoritable, favorite: boolean) => {
    setToggled((map) => ({ ...map, [item.id]: { favorite, loaded: item.is_favorite } }));
    setPending((list) => [...list, { id: nextId.current++, itemId: item.id, favorite }]);
  }, []);
  const settle = useCallback(
    (write: FavoriteWrite, answer: unknown) => {
      setPending((list) => list.filter((item) => item.id !== write.id));
      const failure = failureOfAnswer(answer);
      if (!failure) return;
      // The screen's words, whatever the refusal: they say which way the star failed to turn.
      const { texts } = latest.current;
      fail(failure, { message: () => (write.favorite ? texts.favoriteFailed : texts.unfavoriteFailed) });
      if (latest.current.rollback) {
        setToggled((map) => {
          const { [write.itemId]: _, ...others } = map;
          return others;
        });
      }
    },
    [fail],
  );
  const shown = (item: Favoritable) => {
    const clicked = toggled[item.id];
    return clicked && clicked.loaded === item.is_favorite ? clicked.favorite : item.is_favorite;
  };
  const busy = (item: Favoritable) => pending.some((write) => write.itemId === item.id);
  const runners = pending.map((write) => <FavoriteRunner key={write.id} write={write} options={options} onDone={settle} />);
  return { toggle, shown, busy, runners };
}
