// A page's favorite star and, for its creator only, its private/public switch: on the list's rows
// and cards and beside a page's title. Both show the wanted value while the write is on its way
// (and fall back by themselves when it is refused). Their answers are watched from the screen
// (`useActionWatchers`), so a failure is told even when the page has left the list meanwhile; a
// refusal is told in the screen's own words, whatever the server said.
import { useFetcher } from "@remix-run/react";
import type { ActionOptions } from "~/hooks/use-action";
import {
  PAGE_FAVORITE_ADD_FAILED,
  PAGE_FAVORITE_REMOVE_FAILED,
  PAGE_UPDATED,
  PAGE_UPDATE_FAILED,
} from "../../../workers/domain/schemas/pages";
import type { PageCard, PagesAnswer, PagesIntent } from "~/lib/pages-contract";
import { IconGlobe, IconLock, IconStar } from "../icons";
import { useToast } from "../toast";
import { pagesActionPath } from "./page-form-dialog";

const iconButtonBase =
  "inline-flex size-7 shrink-0 items-center justify-center rounded hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-50";
/** The small grey icon buttons of a page's row. */
export const iconButton = `${iconButtonBase} text-neutral-500 hover:text-neutral-900`;

/** Reads the next answer of the fetcher keyed `key` from the screen (`useActionWatchers`). */
export type WatchPageAnswer = (key: string, options: ActionOptions<PagesAnswer>) => void;

export function PageToggles({
  page,
  slug,
  projectId,
  me,
  watch,
}: {
  page: PageCard;
  slug: string;
  projectId: string;
  /** The signed-in user: only a page's creator gets the access switch. */
  me: string;
  watch: WatchPageAnswer;
}) {
  const toast = useToast();
  const favoriteKey = `page-favorite-${page.id}`;
  const accessKey = `page-access-${page.id}`;
  const favorite = useFetcher<PagesAnswer>({ key: favoriteKey });
  const access = useFetcher<PagesAnswer>({ key: accessKey });
  const pendingFavorite = favorite.state !== "idle" ? (favorite.json as { favorite?: boolean } | undefined)?.favorite : undefined;
  const pendingAccess = access.state !== "idle" ? (access.json as { access?: number } | undefined)?.access : undefined;
  const isFavorite = pendingFavorite ?? page.is_favorite;
  const privatePage = (pendingAccess ?? page.access) === 1;
  const post = (fetcher: typeof favorite, intent: PagesIntent) =>
    fetcher.submit(intent, { method: "post", action: pagesActionPath(slug, projectId), encType: "application/json" });

  const toggleFavorite = () => {
    const wanted = !isFavorite;
    watch(favoriteKey, { message: () => (wanted ? PAGE_FAVORITE_ADD_FAILED : PAGE_FAVORITE_REMOVE_FAILED) });
    post(favorite, { intent: "favorite-page", page_id: page.id, favorite: wanted });
  };
  const toggleAccess = () => {
    watch(accessKey, {
      onDone: () => toast.show({ type: "success", title: "Success!", message: PAGE_UPDATED }),
      message: () => PAGE_UPDATE_FAILED,
    });
    post(access, { intent: "set-page-access", page_id: page.id, access: privatePage ? 0 : 1 });
  };

  return (
    <>
      <button
        type="button"
        className={isFavorite ? `${iconButtonBase} text-amber-500 hover:text-amber-600 dark:text-amber-400` : iconButton}
        aria-pressed={isFavorite}
        aria-label={isFavorite ? `Remove ${page.name} from favorites` : `Add ${page.name} to favorites`}
        onClick={toggleFavorite}
      >
        <IconStar size={15} style={{ fill: isFavorite ? "currentColor" : "none" }} />
      </button>
      {page.created_by === me ? (
        <button
          type="button"
          className={iconButton}
          aria-label={privatePage ? `Make ${page.name} public` : `Make ${page.name} private`}
          title={privatePage ? "Private: only you can see this page" : "Public: everyone in the project can see this page"}
          onClick={toggleAccess}
        >
          {privatePage ? <IconLock size={15} /> : <IconGlobe size={15} />}
        </button>
      ) : null}
    </>
  );
}
