// What a page request must be before the Remix handler sees it: a write from another site is
// refused, and a write's body is read within its limit (the actions read their forms whole).
import { isOwnOrigin } from "../auth/request-origin";
import { Forbidden } from "../domain/errors";
import { withPageBodyWithin } from "./body-limit";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_ORIGIN_REFUSED = "Cross-origin request refused.";

/**
 * The request to hand to Remix, or a thrown `Forbidden` / `TooLarge`. A browser names the page a
 * form was posted from (Origin); a post naming another site, "null" included, is refused here
 * with a 403 rather than left to fail inside the framework.
 */
export async function admitPageRequest(request: Request): Promise<Request> {
  if (READS.has(request.method)) return request;
  const origin = request.headers.get("origin");
  if (origin !== null && !isOwnOrigin(request, origin)) {
    throw new Forbidden(CROSS_ORIGIN_REFUSED);
  }
  return withPageBodyWithin(request);
}
