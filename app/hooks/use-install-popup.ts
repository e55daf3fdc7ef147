// Opens an installation or authorisation page in a 600x600 pop-up and looks every second whether
// the person closed it (or the landing page closed itself); then `onClosed` runs, for example to
// read the page's data again. The page's address comes from the server (it carries the round
// trip's one-time state), so the pop-up opens empty in the click itself, where browsers allow it,
// and goes to the page once the server answered. Client-safe.
import { useCallback, useEffect, useRef } from "react";
import { INSTALL_POPUP } from "../../workers/domain/schemas/integration-texts";

export function useInstallPopup(onClosed: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const closed = useRef(onClosed);
  closed.current = onClosed;
  useEffect(() => () => window.clearInterval(timer.current), []);
  /**
   * Opens the pop-up, then sends it to the address `urlOf` answers; false when the browser blocked
   * the pop-up. When `urlOf` fails the pop-up closes and the error is thrown on.
   */
  return useCallback(async (urlOf: () => Promise<string>) => {
    const { width, height, checkEveryMs } = INSTALL_POPUP;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open("", "integration-install", `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
    if (!popup) return false;
    try {
      popup.location.href = await urlOf();
    } catch (error) {
      popup.close();
      throw error;
    }
    window.clearInterval(timer.current);
    timer.current = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(timer.current);
      timer.current = undefined;
      closed.current();
    }, checkEveryMs);
    return true;
  }, []);
}
