// What every domain operation receives: the request's database session, config, the post-commit
// queue and the ports to the outside world; `ActorContext` adds the authenticated user.
import type { User } from "../../drizzle/schema";
import type { Db } from "../db";
import type { AppEnv, Config } from "../env";
import type { AccessPrefetch } from "./access";
import type { PostCommit } from "./post-commit";
import type { DomainPorts } from "./ports";

export interface DomainContext {
  db: Db;
  env: AppEnv;
  config: Config;
  effects: PostCommit;
  /** What the domain calls outside itself (queue, AI, GitHub, ...), wired by workers/adapters.ts. */
  ports: DomainPorts;
  /** The caller's IANA time zone (the browser's), in which "today" is counted; UTC when absent. */
  timeZone?: string;
  /** The access row read with the caller's session, when the request's path named a scope. */
  prefetchedAccess?: AccessPrefetch;
}

export interface ActorContext extends DomainContext {
  actor: User;
  /** The caller's cookie session token (absent for API keys): connection round trips are bound to it. */
  sessionToken?: string;
}
