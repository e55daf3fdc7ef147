// The github sink of integration events (filled in by the github work).
import type { AppEnv } from "../../env";
import type { IntegrationEvent } from "../events";

export async function syncToGithub(_env: AppEnv, _events: IntegrationEvent[]): Promise<void> {}
