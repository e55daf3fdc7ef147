// The sidebar's collapsed state lives in a cookie so the server renders it the way the user left it.
export const SIDEBAR_COOKIE = "sidebar_collapsed";

export function rememberSidebarCollapsed(collapsed: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet.
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? "1" : "0"}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
