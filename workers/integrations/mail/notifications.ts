// The cron's part in notification mail: the domain's sweep run with a context of its own, its
// queued mails handed to the JOBS queue once their rows are written.
import { realPorts } from "../../adapters";
import { openDb } from "../../db";
import { mailNotifications } from "../../domain/notification-mail-sweep";
import { PostCommit } from "../../domain/post-commit";
import { type AppEnv, getConfig } from "../../env";

export async function sweepNotificationMail(env: AppEnv, now: Date) {
  const config = getConfig(env);
  const { db } = openDb(env.DB, null);
  const ctx = { db, env, config, effects: new PostCommit(), ports: realPorts(env, config) };
  await mailNotifications(ctx, now);
  await ctx.effects.flush(ctx.ports.jobs);
}
