// Starting a connection round trip (client-safe): which flow, and for a project's Slack channel
// which project. The answer is the provider's page to open, carrying a one-time state.
import { z } from "zod";
import { entityId } from "./common";
import { SLUG_PATTERN } from "./workspaces";

export const CONNECTION_KIND_REQUIRED = "Choose what to connect";
export const CONNECTION_STATE_MISSING = "The answer is missing its state. Start the connection again from the settings.";

export const StartConnectionInput = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("github_install") }),
    z.object({ kind: z.literal("slack_install") }),
    z.object({ kind: z.literal("slack_channel"), project_id: entityId }),
  ],
  { error: CONNECTION_KIND_REQUIRED },
);
export type StartConnectionPayload = z.input<typeof StartConnectionInput>;

/** The `state` a provider hands back: opaque, but never longer than the ones this server mints. */
export const connectionState = z.string({ error: CONNECTION_STATE_MISSING }).min(1, CONNECTION_STATE_MISSING).max(300, CONNECTION_STATE_MISSING);

/** Where the pop-up goes, and until when its state is good. */
export interface ConnectionStart {
  url: string;
  expires_at: string;
}

/** Ends the workspace slug that leads a state (slugs never contain it; the random part never does either). */
export const STATE_SLUG_END = ".";

/**
 * The workspace slug a state names, for the landing page's way back; empty when it names none
 * (so a forged state cannot point the page's links anywhere else). It proves nothing.
 */
export function slugOfState(state: string): string {
  const slug = state.slice(0, Math.max(0, state.indexOf(STATE_SLUG_END)));
  return SLUG_PATTERN.test(slug) ? slug : "";
}
