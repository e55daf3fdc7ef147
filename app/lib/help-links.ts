// The product's outside pages the Help commands open, in one place. Client-safe.

export const HELP_LINKS = {
  documentation: "https://docs.edge-tracker.example/",
  communityChat: "https://community.edge-tracker.example/",
  reportBug: "https://github.com/edge-tracker/edge-tracker/issues/new",
  support: "https://edge-tracker.example/support",
} as const;

/** The README's sections on moving a team's history in (the import-export page links them). */
const README = "https://github.com/edge-tracker/edge-tracker/blob/main/README.md";
export const IMPORT_GUIDE_LINKS = {
  guide: `${README}#importing-and-exporting`,
  githubToken: `${README}#importing-from-github`,
  jiraToken: `${README}#importing-from-jira`,
} as const;
