// The webhooks sink of integration events (filled in by the webhooks work).
import type { AppEnv } from "../../env";
import type { IntegrationEvent } from "../events";

export async function deliverToWebhooks(_env: AppEnv, _events: IntegrationEvent[]): Promise<void> {}
