// A fake Slack Web API (OAuth v2 and chat), speaking slack.com's shapes. Filled in by the Slack work.
import { type FetchHandler, json } from "../http";

export interface FakeSlackApp {
  clientId: string;
  clientSecret: string;
}

export function createFakeSlack(_app: FakeSlackApp): FetchHandler {
  return () => json({ ok: false, error: "unknown_method" }, { status: 404 });
}
