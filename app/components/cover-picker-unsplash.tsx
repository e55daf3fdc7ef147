// The cover picker's image-search tab: Unsplash photos through our own API (the server
// holds the key). Typing searches after a pause, no words list the latest photos; "Load more"
// appends the next page. Picking a photo sets the cover with its photographer's credit and tells
// Unsplash the photo was used, as its guidelines ask.
import { useCallback, useEffect, useRef, useState } from "react";
import { IconCheck } from "./icons";
import { failureMessage } from "~/lib/action-answer";
import { callApi, failureOfThrown } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { SEARCH_DEBOUNCE_MS } from "~/lib/search-contract";
import type { CoverImageCredit } from "../../workers/domain/schemas/projects";
import {
  IMAGE_SEARCH_FAILED,
  UNSPLASH_HOME,
  UNSPLASH_PAGE_SIZE,
  type UnsplashPhoto,
  type UnsplashSearchAnswer,
  withUnsplashReferral,
} from "../../workers/domain/schemas/unsplash";
import { Spinner, buttonClass, inputClass } from "./ui";

/** The tick on the cover that is chosen now, in each tab of the picker. */
export function ChosenMark() {
  return (
    <span className="absolute top-1 right-1 flex size-4 items-center justify-center rounded-full bg-brand-600 text-white">
      <IconCheck size={10} />
    </span>
  );
}

interface Results {
  query: string;
  page: number;
  totalPages: number;
  photos: UnsplashPhoto[];
}

function fetchPage(query: string, page: number, signal: AbortSignal): Promise<UnsplashSearchAnswer> {
  const params = { page: String(page), per_page: String(UNSPLASH_PAGE_SIZE), query };
  return callApi<UnsplashSearchAnswer>(api.unsplashSearch(params), { signal });
}

/** Tells Unsplash (through the server) that a photo was put to use; nothing waits for it. */
function trackDownload(downloadLocation: string) {
  if (!downloadLocation) return;
  void callApi(api.unsplashDownload(), { method: "POST", body: { download_location: downloadLocation } }).catch(() => undefined);
}

/** A later page can repeat a photo when Unsplash's list moved meanwhile; each is shown once. */
function appendPhotos(shown: UnsplashPhoto[], more: UnsplashPhoto[]) {
  const ids = new Set(shown.map((photo) => photo.id));
  return [...shown, ...more.filter((photo) => !ids.has(photo.id))];
}

export function UnsplashTab({ value, onPick }: { value: string | null; onPick(url: string, credit: CoverImageCredit): void }) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const load = useCallback(async (search: string, page: number) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    setError(null);
    if (page === 1) setResults(null);
    try {
      const answer = await fetchPage(search, page, controller.signal);
      setResults((shown) => ({
        query: search,
        page,
        totalPages: answer.total_pages,
        photos: page > 1 && shown?.query === search ? appendPhotos(shown.photos, answer.results) : answer.results,
      }));
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(failureMessage(failureOfThrown(failure), IMAGE_SEARCH_FAILED));
    } finally {
      if (inFlight.current === controller) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(query, 1);
  }, [query, load]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const photos = results?.photos ?? [];
  const more = results !== null && results.page < results.totalPages;
  return (
    <div className="space-y-2">
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search for images"
        aria-label="Search Unsplash images"
        className={`${inputClass} py-1.5`}
        autoComplete="off"
      />
      <div className="-mx-1 max-h-[17rem] overflow-y-auto px-1 py-1" aria-busy={loading}>
        {photos.length > 0 ? (
          <ul className="grid grid-cols-3 gap-2" aria-label="Unsplash images">
            {photos.map((photo) => {
              const chosen = value === photo.urls.regular;
              return (
                <li key={photo.id}>
                  <button
                    type="button"
                    onClick={() => {
                      onPick(photo.urls.regular, { name: photo.user.name, profile_url: photo.user.profile_url });
                      trackDownload(photo.links.download_location);
                    }}
                    aria-pressed={chosen}
                    aria-label={`${photo.alt_description || "Photo"} by ${photo.user.name}`}
                    title={`${photo.description || photo.alt_description} by ${photo.user.name}`}
                    className={`group relative block aspect-[3/2] w-full overflow-hidden rounded-md ring-offset-2 ring-offset-surface focus-visible:outline-2 focus-visible:outline-brand-500 ${
                      chosen ? "ring-2 ring-brand-500" : "ring-1 ring-neutral-200"
                    }`}
                    style={{ backgroundColor: photo.color }}
                  >
                    <img src={photo.urls.small} alt="" loading="lazy" className="size-full object-cover transition-opacity group-hover:opacity-90" />
                    <span className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/60 to-transparent px-1 pt-2 text-left text-[9px] text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                      {photo.user.name}
                    </span>
                    {chosen ? <ChosenMark /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {error ? (
          <div className="space-y-2 py-4 text-center">
            <p role="alert" className="text-xs text-red-600 dark:text-red-400">
              {error}
            </p>
            <button
              type="button"
              className={buttonClass("secondary", "sm")}
              onClick={() => void load(results?.query ?? query, results ? results.page + 1 : 1)}
            >
              Try again
            </button>
          </div>
        ) : null}
        {!loading && !error && results !== null && photos.length === 0 ? (
          <p className="py-6 text-center text-xs text-neutral-500">
            {results.query ? `No images found for "${results.query}". Try other words.` : "No images to show."}
          </p>
        ) : null}
        {loading ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-5 text-neutral-500" />
            <span className="sr-only">Loading images...</span>
          </div>
        ) : null}
        {more && !loading && !error ? (
          <div className="flex justify-center pt-3">
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void load(results.query, results.page + 1)}>
              Load more
            </button>
          </div>
        ) : null}
      </div>
      <p className="text-[10px] text-neutral-500">
        Photos from{" "}
        <a href={withUnsplashReferral(UNSPLASH_HOME)} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
          Unsplash
        </a>
      </p>
    </div>
  );
}
