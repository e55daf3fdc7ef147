// Which source reads an import, how its records' keys are scoped, and the name people see.
import { createCsvSource } from "./csv/source";
import { createGithubSource, githubScopeOf } from "./github/source";
import { createJiraSource } from "./jira/source";
import type { ImportSource, SourceContext } from "./source";
import { SourceRefused } from "./source";

export interface ResolvedSource {
  source: ImportSource;
  /** Prefix of every source key, so records of two sources never collide in one project. */
  scope: string;
  /** "GitHub", "Jira", "CSV": in activity texts and failure reasons. */
  name: string;
}

export function sourceFor(ctx: SourceContext): ResolvedSource {
  const { importer } = ctx;
  switch (importer.service) {
    case "csv":
      // Each CSV upload is its own source: a rerun resumes it, a new upload imports anew.
      return { source: createCsvSource(ctx), scope: `csv:${importer.id}`, name: "CSV" };
    case "github":
      return { source: createGithubSource(ctx), scope: githubScopeOf(importer), name: "GitHub" };
    case "jira":
      // Jira issue, comment and status ids are unique within a site: a rerun of the same site's
      // project finds what the first run made, whichever importer row runs it.
      return { source: createJiraSource(ctx), scope: `jira:${String(importer.metadata.cloud_hostname ?? "").toLowerCase()}`, name: "Jira" };
    default:
      throw new SourceRefused(`Imports from ${importer.service} are not available.`);
  }
}
