#!/usr/bin/env node
// Lists the import cycles that carry values between the project's own modules (app, workers,
// durable-objects, drizzle). A type-only import (`import type`, or every name marked `type`) is
// erased at build time and cannot make a cycle at run time, so it does not count.
//
//   node scripts/import-cycles.mjs          prints each cycle; exits 1 when there is one
//   node scripts/import-cycles.mjs --json   the cycles as JSON (for tests)
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "workers", "durable-objects", "drizzle"];
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

function sourceFiles(folder) {
  const found = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(full));
    else if (EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith(".d.ts")) found.push(full);
  }
  return found;
}

/** The file an import specifier names, or null when it is a package or outside the tree. */
function resolve(from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = path.join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  // "./x.js" written for "./x.ts"
  if (/\.(m?js)$/.test(base)) candidates.push(base.replace(/\.m?js$/, ".ts"), base.replace(/\.m?js$/, ".tsx"));
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** True when an import or export declaration brings in no value at run time. */
function typeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // a side-effect import runs the module
    if (clause.isTypeOnly) return true;
    if (clause.name) return false;
    const bindings = clause.namedBindings;
    if (!bindings) return false;
    if (ts.isNamespaceImport(bindings)) return false;
    return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
  }
  return false;
}

/** Each module's value imports of other modules of the tree. */
export function valueImportGraph() {
  const graph = new Map();
  for (const folder of FOLDERS) {
    const dir = path.join(ROOT, folder);
    if (!existsSync(dir)) continue;
    for (const file of sourceFiles(dir)) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
      const targets = new Set();
      for (const statement of source.statements) {
        if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
        if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier) || typeOnly(statement)) continue;
        const target = resolve(file, statement.moduleSpecifier.text);
        if (target) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one module, or a module importing itself (Tarjan). */
export function cycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group.map((file) => path.relative(ROOT, file)).sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return groups;
}

if (process.argv[1] === import.meta.filename) {
  const found = cycles(valueImportGraph());
  if (process.argv.includes("--json")) console.log(JSON.stringify(found));
  else if (found.length === 0) console.log("no import cycles that carry values");
  else {
    console.log(`${found.length} import cycle(s) that carry values:`);
    for (const group of found) console.log(`- ${group.join("\n  ")}`);
  }
  process.exitCode = found.length === 0 ? 0 : 1;
}
