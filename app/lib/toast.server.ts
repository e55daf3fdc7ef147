// Toasts flashed across a redirect: a short-lived cookie the root loader reads once and clears.
import { readCookie } from "../../workers/auth/sessions";
import type { ToastInput } from "../components/toast";

const TOAST_COOKIE = "toast";

export function flashToastCookie(toast: ToastInput) {
  return `${TOAST_COOKIE}=${encodeURIComponent(JSON.stringify(toast))}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

/** The flashed toast (if any) and the header that clears it. */
export function readFlashToast(request: Request): { toast: ToastInput | null; headers: HeadersInit } {
  const raw = readCookie(request, TOAST_COOKIE);
  if (!raw) return { toast: null, headers: {} };
  let toast: ToastInput | null = null;
  try {
    const value = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof value.message === "string") {
      toast = {
        message: value.message.slice(0, 300),
        title: typeof value.title === "string" ? value.title.slice(0, 80) : undefined,
        type: value.type === "error" || value.type === "success" ? value.type : "info",
      };
    }
  } catch {
    // an unreadable cookie is dropped
  }
  return { toast, headers: { "Set-Cookie": `${TOAST_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` } };
}
