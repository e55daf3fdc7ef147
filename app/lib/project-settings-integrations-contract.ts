// The project settings Integrations page's loader data (client-safe).
import type { SlackCardData } from "../../workers/domain/schemas/slack";

export type ProjectIntegrationsData = { authorized: false } | { authorized: true; slack: SlackCardData };
