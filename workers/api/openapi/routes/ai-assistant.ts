// The routes of workers/api/ai-assistant.ts, described for the OpenAPI document (see ../describe.ts).
import { AiAssistantInput } from "../../../domain/schemas/ai-assistant";
import type { RouteDocs } from "../describe";

export const aiAssistantDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/ai-assistant": { summary: "Get my AI assistant allowance", description: "How many requests the caller has left this month.", access: "project:5" },
  "POST /api/workspaces/:slug/projects/:projectId/ai-assistant": { summary: "Ask the AI assistant", description: "Answers JSON, or server-sent events while the model writes when the request accepts text/event-stream.", access: "project:5", body: AiAssistantInput, errors: [429, 502, 503] },
};
