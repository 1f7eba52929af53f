/**
 * The import boundaries (issue #9): browser code never imports server-only code by value, and no
 * value imports go round in a circle.
 *
 * Browser code is what Vite bundles for the browser: islands, stores, the request client, the
 * browser login calls, the shell script, area contracts, and every `<script>` of an .astro file.
 * Components (src/components/**) render on the server but are held to the same rule, so a piece
 * of the page never reaches for the database. Server-only code is `*.server.ts`, the database
 * folder, Node's built-in modules and the packages that only run on Node.
 *
 * Imports are read with the TypeScript parser. `import type` and `export type` are erased, so
 * they are not value imports. `import { type X } from '…'` is one: under verbatimModuleSyntax
 * (the project's tsconfig) the compiler keeps it as `import '…'`, so the module still runs.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/** Packages that only run on the server. */
const SERVER_PACKAGES = ['postgres', '@electric-sql/pglite', 'sharp', 'drizzle-orm', 'compression'];

export interface ServerImport {
  /** The browser-side module (project-relative path) that reaches server-only code. */
  entry: string;
  /** The value imports from the entry to the server-only module, both included. */
  chain: string[];
}

export interface Unresolved {
  from: string;
  specifier: string;
}

export interface BoundaryReport {
  serverImports: ServerImport[];
  /** Each value-import cycle as the files around it, the first file repeated at the end. */
  cycles: string[][];
  /** Project imports that name no file: reported, because an edge skipped could hide a breach. */
  unresolved: Unresolved[];
}

interface ImportEdge {
  specifier: string;
  /** `import('…')`: bundled like any import, but evaluated later, so it cannot close a cycle. */
  dynamic: boolean;
}

/** A module of the project: a .ts/.tsx file, or one of the two halves of an .astro file. */
interface ModuleNode {
  id: string;
  file: string;
  imports: ImportEdge[];
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.astro'];
/** The suffix of the node that holds an .astro file's browser `<script>` blocks. */
const SCRIPT_SUFFIX = ' <script>';

/** Checks the project in `projectDir`: its `src/` tree, with the aliases of its package.json. */
export function checkBoundaries(projectDir: string): BoundaryReport {
  const root = path.resolve(projectDir);
  const aliases = readAliases(root);
  const nodes = new Map<string, ModuleNode>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    for (const node of readModule(root, file)) nodes.set(node.id, node);
  }

  const unresolved: Unresolved[] = [];
  const edges = new Map<string, { to: string; dynamic: boolean }[]>();
  for (const node of nodes.values()) {
    const targets = [];
    for (const edge of node.imports) {
      const to = resolveImport(root, aliases, node.file, edge.specifier);
      if (to === undefined) unresolved.push({ from: node.id, specifier: edge.specifier });
      else targets.push({ to, dynamic: edge.dynamic });
    }
    edges.set(node.id, targets);
  }

  const entries = [...nodes.keys()].filter(isBrowserEntry);
  return {
    serverImports: entries.flatMap((entry) => serverImportsFrom(entry, edges)),
    cycles: findCycles(nodes, edges),
    unresolved,
  };
}

/** One line per breach, for a failing test's message. */
export function describeReport(report: BoundaryReport): string[] {
  return [
    ...report.serverImports.map(
      ({ entry, chain }) => `${entry} imports server-only code: ${chain.join(' → ')}`,
    ),
    ...report.cycles.map((cycle) => `value-import cycle: ${cycle.join(' → ')}`),
    ...report.unresolved.map(({ from, specifier }) => `${from}: cannot resolve '${specifier}'`),
  ];
}

function isBrowserEntry(id: string): boolean {
  if (id.endsWith(SCRIPT_SUFFIX)) return true;
  if (id.startsWith('src/islands/') || id.startsWith('src/components/')) return true;
  if (id === 'src/lib/platform/client.ts' || id === 'src/lib/identity/api.ts') return true;
  if (/^src\/lib\/[^/]+\/(store|contracts)\.ts$/.test(id)) return true;
  return /^src\/lib\/shell\/[^/]+\.ts$/.test(id) && !isServerOnly(id);
}

function isServerOnly(id: string): boolean {
  if (/\.server\.tsx?$/.test(id) || id.startsWith('src/lib/platform/db/')) return true;
  if (id.startsWith('src/')) return false;
  // A package specifier: 'node:fs', 'fs', 'drizzle-orm/pg-core', '@electric-sql/pglite'.
  const parts = id.split('/');
  const name = id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return isBuiltin(id) || SERVER_PACKAGES.includes(name);
}

/**
 * Walks the value imports from a browser entry, breadth first so each chain reported is a
 * shortest one. A component's walk does not enter other .astro files: each component is an entry
 * of its own, and a component may render a layout, whose frontmatter runs on the server.
 */
function serverImportsFrom(
  entry: string,
  edges: Map<string, { to: string; dynamic: boolean }[]>,
): ServerImport[] {
  const cameFrom = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const found: ServerImport[] = [];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (next !== entry && isServerOnly(next)) {
      const chain = [next];
      for (let at = cameFrom.get(next); at; at = cameFrom.get(at)) chain.unshift(at);
      found.push({ entry, chain });
      continue;
    }
    if (next !== entry && next.endsWith('.astro')) continue;
    for (const { to } of edges.get(next) ?? []) {
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, next);
      queue.push(to);
    }
  }
  return found;
}

/** Strongly connected components of the static value imports (Tarjan), each as one cycle. */
function findCycles(
  nodes: Map<string, ModuleNode>,
  edges: Map<string, { to: string; dynamic: boolean }[]>,
): string[][] {
  const next = (id: string) =>
    (edges.get(id) ?? []).filter((e) => !e.dynamic && nodes.has(e.to)).map((e) => e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const connect = (id: string) => {
    index.set(id, index.size);
    low.set(id, index.get(id)!);
    stack.push(id);
    onStack.add(id);
    for (const to of next(id)) {
      if (!index.has(to)) {
        connect(to);
        low.set(id, Math.min(low.get(id)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(id, Math.min(low.get(id)!, index.get(to)!));
      }
    }
    if (low.get(id) !== index.get(id)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== id);
    if (component.length > 1 || next(id).includes(id)) {
      cycles.push(cycleThrough(component.sort(), next));
    }
  };
  for (const id of [...nodes.keys()].sort()) if (!index.has(id)) connect(id);
  return cycles;
}

/** A path that leaves the component's first file and comes back to it, staying inside. */
function cycleThrough(component: string[], next: (id: string) => string[]): string[] {
  const inside = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const to of next(at)) {
      if (!inside.has(to)) continue;
      if (to === start) {
        // Back from `at` along the walk: the start has no entry in cameFrom.
        const cycle = [at];
        for (let back = cameFrom.get(at); back !== undefined; back = cameFrom.get(back)) {
          cycle.unshift(back);
        }
        return [...cycle, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, at);
        queue.push(to);
      }
    }
  }
  return [...component, start];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)))
    .filter((name) => !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(dir, name));
}

function readModule(root: string, file: string): ModuleNode[] {
  const id = path.relative(root, file).split(path.sep).join('/');
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.astro')) return [{ id, file, imports: valueImports(text, file) }];
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  // Astro bundles each `<script>` for the browser; one with attributes is left inline as is.
  const scripts = [...text.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !attributes?.trim())
    .map(([, , body]) => body ?? '');
  return [
    { id, file, imports: valueImports(frontmatter, `${file}.ts`) },
    {
      id: id + SCRIPT_SUFFIX,
      file,
      imports: scripts.flatMap((s) => valueImports(s, `${file}.ts`)),
    },
  ];
}

function valueImports(code: string, fileName: string): ImportEdge[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const found: ImportEdge[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword) {
        found.push({ specifier: node.moduleSpecifier.text, dynamic: false });
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (!node.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
        found.push({ specifier: node.moduleSpecifier.text, dynamic: false });
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** package.json "imports": `{ "#lib/*": "./src/lib/*" }`. */
function readAliases(root: string): [prefix: string, target: string][] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    imports?: Record<string, unknown>;
  };
  return Object.entries(manifest.imports ?? {}).map(([pattern, target]) => {
    if (!pattern.endsWith('/*') || typeof target !== 'string' || !target.endsWith('/*')) {
      throw new Error(`package.json imports: only "#x/*": "./dir/*" is understood, not ${pattern}`);
    }
    return [pattern.slice(0, -1), target.slice(0, -1)];
  });
}

/**
 * The node an import reaches: a project-relative path for the project's own files, the
 * specifier itself for a package, undefined when a project import names no file.
 */
function resolveImport(
  root: string,
  aliases: [prefix: string, target: string][],
  fromFile: string,
  specifier: string,
): string | undefined {
  let target: string;
  if (specifier.startsWith('.')) {
    target = path.resolve(path.dirname(fromFile), specifier);
  } else if (specifier.startsWith('#')) {
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
    if (!alias) return undefined;
    target = path.resolve(root, alias[1] + specifier.slice(alias[0].length));
  } else {
    return specifier;
  }
  const file = [target, ...SOURCE_EXTENSIONS.map((ext) => target + ext)].find((candidate) =>
    statSync(candidate, { throwIfNoEntry: false })?.isFile(),
  );
  return file && path.relative(root, file).split(path.sep).join('/');
}
