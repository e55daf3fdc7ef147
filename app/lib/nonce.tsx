// The script nonce of the page being rendered: the server makes a fresh one for every response
// and names it in that response's Content-Security-Policy, and every inline script React and
// Remix write into the document must carry it or the browser refuses to run it. In the browser
// there is none (the context's default): scripts added after the first load come from our own
// origin, which the policy allows without one.
import { type ReactNode, createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** Gives the document's tree the nonce of the response it is rendered into. */
export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/** The nonce inline scripts of this document carry (undefined in the browser). */
export const useNonce = () => useContext(NonceContext);
