// A refused account request (too many sign-ins, too many mails asked for) says when to try again
// (Retry-After), on the page as in the API.
import type { HeadersFunction } from "@remix-run/cloudflare";

export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
