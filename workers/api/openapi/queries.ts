// Query strings and bodies the document names that are not one exported schema: the page
// parameters joined to a list's own filters (as its handler reads them), and the few values a
// domain function checks by hand (described here, the check stays in the domain).
import { z } from "zod";
import { CycleListParams } from "../../domain/cycles/read-model";
import { PageParams } from "../../domain/list-page";
import { MyWorkParams } from "../../domain/my-work";
import { InboxQuery } from "../../domain/schemas/inbox";
import { PageListParams } from "../../domain/schemas/pages";
import { SearchSize } from "../../domain/search";
import { MeSchema } from "./responses";

export const StateListQuery = PageParams.extend({
  group_by: z.literal("group").optional().meta({ description: "`group` answers an object of the states by group instead of an array." }),
});
export const CycleListQuery = PageParams.extend(CycleListParams.shape);
export const NotificationListQuery = PageParams.extend(InboxQuery.shape);
export const PageListQuery = PageParams.extend(PageListParams.shape);
export const MyWorkQuery = MyWorkParams;
export const SearchQuery = SearchSize.extend({
  search: z.string().optional().meta({ description: "The words to look for (cut at 255 characters)." }),
  project_id: z.string().optional().meta({ description: "Only results of this project." }),
});
export const GithubRepositoriesQuery = z.object({ page: z.int().min(1).max(10_000).optional().meta({ description: "GitHub's page number, from 1." }) });
export const GithubRepoQuery = z.object({
  owner: z.string().meta({ description: "The repository's owner (user or organisation)." }),
  repo: z.string().meta({ description: "The repository's name." }),
});
export const MailLogQuery = z.object({ cursor: z.string().optional().meta({ description: "Where the previous page of the log ended." }) });

/** What GitHub sends: its own event payload, any JSON object, signed in X-Hub-Signature-256. */
export const GithubWebhookBody = z.record(z.string(), z.unknown()).meta({ description: "GitHub's event payload (X-GitHub-Event names its kind)." });

/** A route that signs in answers the person it signed in. */
export const SignedIn = z.object({ user: MeSchema });

/** An OpenAPI 3.1 document (its schema is the OpenAPI specification's own). */
export const OpenApiDocumentBody = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });
