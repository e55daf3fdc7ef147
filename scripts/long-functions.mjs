#!/usr/bin/env node
// Lists the functions and components longer than the limit (200 lines) in the project's own code
// (app, workers, durable-objects). A function that long mixes concerns: split it into a state
// hook and presentational parts, or into named steps. Generated data (the emoji table, the word
// list) is data, not a function, and is not read.
//
//   node scripts/long-functions.mjs          prints each one; exits 1 when there is one
//   node scripts/long-functions.mjs --json   the list as JSON (for tests)
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "workers", "durable-objects"];
export const MAX_FUNCTION_LINES = 200;

function sourceFiles(folder) {
  const found = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) found.push(full);
  }
  return found;
}

/** A readable name for a function node: its own, or the variable, property or export it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  let parent = node.parent;
  while (parent && (ts.isCallExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent))) parent = parent.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isExportAssignment(parent)) return "default export";
  return "(anonymous)";
}

/**
 * Every function longer than `limit` lines in the given folders of `root` (by default the
 * project's own code), longest first; files are named relative to `root`.
 */
export function longFunctions({ root = ROOT, folders = FOLDERS, limit = MAX_FUNCTION_LINES } = {}) {
  const found = [];
  for (const folder of folders) {
    for (const file of sourceFiles(path.join(root, folder))) {
      const text = readFileSync(file, "utf8");
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node) => {
        if (ts.isFunctionLike(node) && "body" in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
          const lines = end - start + 1;
          if (lines > limit) found.push({ file: path.relative(root, file), name: nameOf(node), start, lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] === import.meta.filename) {
  const found = longFunctions();
  if (process.argv.includes("--json")) console.log(JSON.stringify(found));
  else if (found.length === 0) console.log(`no function over ${MAX_FUNCTION_LINES} lines`);
  else {
    console.log(`${found.length} function(s) over ${MAX_FUNCTION_LINES} lines:`);
    for (const { file, name, start, lines } of found) console.log(`- ${file}:${start} ${name} (${lines} lines)`);
  }
  process.exitCode = found.length === 0 ? 0 : 1;
}
