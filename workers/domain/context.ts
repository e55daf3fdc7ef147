// What every domain operation receives: the request's database session, config and the
// post-commit queue; `ActorContext` adds the authenticated user (design.md section 5.5).
import type { User } from "../../drizzle/schema";
import type { Db } from "../db";
import type { AppEnv, Config } from "../env";
import type { PostCommit } from "./post-commit";

export interface DomainContext {
  db: Db;
  env: AppEnv;
  config: Config;
  effects: PostCommit;
}

export interface ActorContext extends DomainContext {
  actor: User;
}
