// Bench-only Worker, run next to the app by `npm run bench -- --suite search` (wrangler dev with
// two configs). It times, inside workerd on the app's D1 database, the issue statement of
// workspace search two ways: the LIKE '%text%' scan the full-text index replaced (as it was in
// workers/domain/search.ts before ADR 017) and the index's statement as the app now runs it, so
// the bench can report both side by side. Every other request is passed to the app unchanged.
const LIKE_STATEMENT = `
SELECT i.id, i.name, i.project_id, p.identifier, i.sequence_id
FROM issues i JOIN projects p ON p.id = i.project_id
WHERE i.project_id IN (SELECT project_id FROM project_members WHERE member_id = ?1 AND workspace_id = ?2)
  AND i.name LIKE ?3 ESCAPE '\\'
ORDER BY i.updated_at DESC LIMIT 10`;

// The same shape as `ranked(issues, "issue")` in workers/domain/search.ts.
const INDEX_STATEMENT = `
SELECT i.id, i.name, i.project_id, p.identifier, i.sequence_id
FROM (
  SELECT doc, rank FROM (
    SELECT rowid AS doc, rank FROM search_index
    WHERE search_index MATCH (
      SELECT '{scope} : (' || coalesce(group_concat('"issuep' || replace(project_id, '-', '') || '"', ' OR '), '"none"') || ') AND ' || ?3
      FROM project_members WHERE member_id = ?1 AND workspace_id = ?2)
    ORDER BY rowid DESC LIMIT 200
  ) ORDER BY rank LIMIT 10
) hits
JOIN search_documents d ON d.id = hits.doc
JOIN issues i ON i.id = d.entity_id
JOIN projects p ON p.id = i.project_id
ORDER BY hits.rank`;

const likePattern = (query) => `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const wordsQuery = (query) =>
  `{title body} : (${[...query.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((m) => `"${m[0]}"*`).join(" AND ")})`;

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname !== "/__bench/search-statement") return env.APP.fetch(request);
    const { way, query, userId, workspaceId, count } = await request.json();
    const statement =
      way === "like"
        ? env.DB.prepare(LIKE_STATEMENT).bind(userId, workspaceId, likePattern(query))
        : env.DB.prepare(INDEX_STATEMENT).bind(userId, workspaceId, wordsQuery(query));
    // Date.now() advances across I/O in workerd: each sample is one statement's round trip.
    const samples = [];
    let last;
    for (let i = 0; i < count; i++) {
      const started = Date.now();
      last = await statement.all();
      samples.push(Date.now() - started);
    }
    return Response.json({ samples, rowsRead: last.meta.rows_read, rowsReturned: last.results.length, names: last.results.map((r) => r.name) });
  },
};
