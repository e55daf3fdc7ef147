// Everything the domain needs from outside, carried on its context as `ctx.ports`. Each port is
// declared in the domain's words in its own file here; the adapters implement them and one
// composition root (workers/adapters.ts) wires the real ones.
import type { AiProvider } from "./ai";
import type { JobQueue } from "./jobs";

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
}
