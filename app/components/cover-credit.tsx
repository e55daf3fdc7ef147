// "Photo by {name} on Unsplash" over a cover picked from image search: the photo service's terms
// ask for the photographer's name and a link to them and to the service wherever the photo shows.
// Small and quiet, in the cover's corner; nothing for other covers.
import type { CoverImageCredit } from "../../workers/domain/schemas/projects";
import { UNSPLASH_HOME, withUnsplashReferral } from "../../workers/domain/schemas/unsplash";

export function CoverCredit({ credit, className = "" }: { credit: CoverImageCredit | null | undefined; className?: string }) {
  if (!credit) return null;
  const link = "font-medium underline decoration-white/40 underline-offset-2 hover:decoration-white";
  // A long name is cut short before "on Unsplash" is: the link to the service always shows.
  return (
    <p
      data-testid="cover-credit"
      className={`flex items-baseline gap-[0.3em] whitespace-nowrap rounded bg-black/40 px-1.5 py-0.5 text-[10px] leading-4 text-white/90 backdrop-blur-sm ${className}`}
    >
      <span className="shrink-0">Photo by</span>{" "}
      <a href={withUnsplashReferral(credit.profile_url)} target="_blank" rel="noopener noreferrer" className={`${link} min-w-0 truncate`}>
        {credit.name}
      </a>{" "}
      <span className="shrink-0">on</span>{" "}
      <a href={withUnsplashReferral(UNSPLASH_HOME)} target="_blank" rel="noopener noreferrer" className={`${link} shrink-0`}>
        Unsplash
      </a>
    </p>
  );
}
