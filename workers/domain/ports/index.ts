// Everything the domain needs from outside, carried on its context as `ctx.ports`. Each port is
// declared in the domain's words in its own file here; the adapters implement them and one
// composition root (workers/adapters.ts) wires the real ones.
import type { AiProvider } from "./ai";
import type { GithubPort } from "./github";
import type { JiraPort } from "./jira";
import type { JobQueue } from "./jobs";
import type { MailSetup } from "./mail";
import type { SlackPort } from "./slack";
import type { PhotoLibrary } from "./unsplash";

/**
 * A port few requests use, loaded at its first use: a cold Worker does not evaluate the
 * third-party clients behind it.
 */
export type LoadedOnUse<Port> = () => Promise<Port>;

export interface DomainPorts {
  /** The background job queue (every write may use it). */
  jobs: JobQueue;
  /** The configured AI model, or null when AI is not set up. */
  ai: LoadedOnUse<AiProvider | null>;
  /** The photo library of the cover picker (Unsplash). */
  unsplash: LoadedOnUse<PhotoLibrary>;
  /** GitHub: the wizards' reads and the app's installation round trip. */
  github: LoadedOnUse<GithubPort>;
  /** Jira Cloud, as the import wizard reads it. */
  jira: LoadedOnUse<JiraPort>;
  /** Slack: the app's authorisation round trip. */
  slack: LoadedOnUse<SlackPort>;
  /**
   * How mail leaves this server (the transport's name and description, or why it cannot). The
   * domain only queues mail; the `mail.send` job hands it to the transport.
   */
  mail: LoadedOnUse<MailSetup>;
}
