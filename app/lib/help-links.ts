// The product's outside pages the Help commands open, in one place. Client-safe.

export const HELP_LINKS = {
  documentation: "https://docs.edge-tracker.example/",
  communityChat: "https://community.edge-tracker.example/",
  reportBug: "https://github.com/edge-tracker/edge-tracker/issues/new",
  support: "https://edge-tracker.example/support",
} as const;
