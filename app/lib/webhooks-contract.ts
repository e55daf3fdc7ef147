// What the webhooks settings page's loader gives the browser. Client-safe. Everything the page
// writes goes to the REST API (/api/workspaces/{slug}/webhooks/...) from the browser.
import type { WebhookView } from "../../workers/domain/schemas/webhooks";

export type WebhooksPageData =
  | { authorized: false }
  | {
      authorized: true;
      /** Only workspace owners manage webhooks; members see why the page is empty. */
      canManage: boolean;
      webhooks: WebhookView[];
    };
