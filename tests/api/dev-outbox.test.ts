// The development outbox exists on local servers only: a production server has no such page.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { realPorts } from "../../workers/adapters";
import { openDb } from "../../workers/db";
import { NotFound } from "../../workers/domain/errors";
import { developmentOutbox } from "../../workers/domain/mail";
import { PostCommit } from "../../workers/domain/post-commit";
import { getConfig } from "../../workers/env";
import { call, signUp } from "../helpers/api";

describe("development outbox", () => {
  it("lists the mails this server wrote, newest first, on a local server", async () => {
    const person = await signUp({}, { unverified: true });
    const page = await call("GET", "/dev/outbox");
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(`Verify your email address for Edge Tracker`);
    expect(String(page.body)).toContain(person.user.email);
  });

  it("is not there in production", async () => {
    const production = { ...env, APP_ENV: "production", SECRETS_KEYRING: "k1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } as typeof env;
    const config = getConfig(production);
    const ctx = { db: openDb(env.DB, null).db, env: production, config, effects: new PostCommit(), ports: realPorts(production, config) };
    await expect(developmentOutbox(ctx)).rejects.toBeInstanceOf(NotFound);
  });
});
