// Workspace slugs no one may take: the app's own first path segments and words that would confuse.
// Plain data without zod, so the browser's up-front scripts can read it (app/lib/paths.ts).
export const RESERVED_SLUGS = new Set([
  "api", "assets", "build", "create-workspace", "invitations", "sign-in", "sign-up", "sign-out",
  "onboarding", "settings", "profile", "favicon.ico", "robots.txt", "god-mode", "admin", "health",
  // The account pages reached from mails, and the development outbox.
  "forgot-password", "reset-password", "verify-email", "confirm-email", "sign-in-link", "sign-in-code", "dev",
]);
