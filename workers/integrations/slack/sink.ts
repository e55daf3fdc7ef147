// The slack sink of integration events (filled in by the slack work).
import type { AppEnv } from "../../env";
import type { IntegrationEvent } from "../events";

export async function postToSlack(_env: AppEnv, _events: IntegrationEvent[]): Promise<void> {}
