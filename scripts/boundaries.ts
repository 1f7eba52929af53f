/**
 * The import boundaries (issue #9): browser code never imports server-only code by value, and no
 * value imports go round in a circle. The area walls (issue #27): code outside an area reaches it
 * only through its doors (`index.ts`, `index.server.ts`); `platform/` (the ground floor) imports
 * no area; and only the area that declares a table (in its `tables.server.ts`) inserts, updates or
 * deletes its rows.
 *
 * Browser code is what Vite bundles for the browser: islands, stores, the request client, the
 * browser login calls, the shell script, area contracts, and every `<script>` of an .astro file.
 * Components (src/components/**, and each area's screens and components in ui/*.astro) render on
 * the server but are held to the same rule, so a piece of the page never reaches for the
 * database: the page reads, the screen shows. Server-only code is `*.server.ts`, the database
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

/** An import that reaches into another area past its doors, or from the ground floor upwards. */
export interface DoorBreach {
  from: string;
  to: string;
}

/** An insert, update or delete of a table that another area declares. */
export interface ForeignWrite {
  file: string;
  line: number;
  write: 'insert' | 'update' | 'delete';
  table: string;
  owner: string;
}

export interface BoundaryReport {
  serverImports: ServerImport[];
  doorBreaches: DoorBreach[];
  /**
   * `import('…/index.ts')`: a door loaded lazily. The bundler cannot see which of its names are
   * used, so the chunk carries the whole area (and zod with its contracts); a lazy load names a
   * module of the area's `ui/` instead.
   */
  lazyDoors: DoorBreach[];
  /**
   * `import './x.ts'` of a module package.json's "sideEffects" does not name: the bundler may
   * drop a module imported only for what it does on load, so the page would lose that script.
   */
  unlistedSideEffects: DoorBreach[];
  foreignWrites: ForeignWrite[];
  /** Each value-import cycle as the files around it, the first file repeated at the end. */
  cycles: string[][];
  /** Project imports that name no file: reported, because an edge skipped could hide a breach. */
  unresolved: Unresolved[];
}

interface ImportEdge {
  specifier: string;
  /** `import('…')`: bundled like any import, but evaluated later, so it cannot close a cycle. */
  dynamic: boolean;
  /** `import type` / `export type`: erased, so not a value import, but still a way into an area. */
  typeOnly: boolean;
  /** `import './x.ts'`: imported only for what the module does when it loads. */
  bare?: boolean;
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
  const doorBreaches: DoorBreach[] = [];
  const lazyDoors: DoorBreach[] = [];
  const unlistedSideEffects: DoorBreach[] = [];
  const sideEffects = readSideEffects(root);
  const edges = new Map<string, { to: string; dynamic: boolean }[]>();
  for (const node of nodes.values()) {
    const targets = [];
    for (const edge of node.imports) {
      const to = resolveImport(root, aliases, node.file, edge.specifier);
      if (to === undefined) {
        unresolved.push({ from: node.id, specifier: edge.specifier });
        continue;
      }
      if (passesWall(node.id, to) === false) doorBreaches.push({ from: node.id, to });
      if (edge.bare && sideEffects && to.startsWith('src/') && !to.endsWith('.css')) {
        if (!sideEffects.some((pattern) => path.matchesGlob(to, pattern))) {
          unlistedSideEffects.push({ from: node.id, to });
        }
      }
      if (edge.dynamic && isIndexDoor(to) && areaOf(node.id) !== areaOf(to)) {
        lazyDoors.push({ from: node.id, to });
      }
      if (!edge.typeOnly) targets.push({ to, dynamic: edge.dynamic });
    }
    edges.set(node.id, targets);
  }

  const entries = [...nodes.keys()].filter(isBrowserEntry);
  return {
    serverImports: entries.flatMap((entry) => serverImportsFrom(entry, edges)),
    doorBreaches: unique(doorBreaches).sort(
      (a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
    ),
    lazyDoors,
    unlistedSideEffects,
    foreignWrites: foreignWrites(root, aliases, [...nodes.values()]),
    cycles: findCycles(nodes, edges),
    unresolved,
  };
}

/** Every project import as found: for tools that study the graph (the areas and their pairs). */
export function importGraph(
  projectDir: string,
): { from: string; to: string; typeOnly: boolean; dynamic: boolean }[] {
  const root = path.resolve(projectDir);
  const aliases = readAliases(root);
  const found = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    for (const node of readModule(root, file)) {
      for (const edge of node.imports) {
        const to = resolveImport(root, aliases, node.file, edge.specifier);
        if (to !== undefined) found.push({ from: node.id, to, ...edge });
      }
    }
  }
  return found;
}

/** The area a project file belongs to: the folder under src/lib, or undefined outside the areas. */
export function areaOf(id: string): string | undefined {
  return /^src\/lib\/([^/]+)\//.exec(id)?.[1];
}

/**
 * The doors: `index.ts`, `index.server.ts`, and the area's `ui/` folder: the screens pages render
 * by path (an Astro component cannot go out through a module the browser also loads) and the page
 * reads that fill them, which join several areas and so stay out of the area's `index.server.ts`.
 */
const isDoor = (id: string) =>
  /^src\/lib\/[^/]+\/index(\.server)?\.ts$/.test(id) || /^src\/lib\/[^/]+\/ui\//.test(id);
const isIndexDoor = (id: string) => /^src\/lib\/[^/]+\/index(\.server)?\.ts$/.test(id);
const isTables = (id: string) => /^src\/lib\/[^/]+\/tables\.server\.ts$/.test(id);
/** The barrel drizzle-kit reads: it gathers every area's tables, and nothing else may. */
const SCHEMA_BARREL = 'src/lib/platform/db/schema.ts';

/**
 * Whether an import from `from` to `to` keeps to the walls: within one area anything goes; into
 * another area only through a door; into platform freely; the ground floor (platform) into no area at all. Tables may
 * name other areas' tables for their references, and the schema barrel gathers them.
 */
function passesWall(from: string, to: string): boolean {
  const target = areaOf(to);
  // The ground floor has no doors: every area builds on its modules directly.
  if (target === undefined || target === 'platform') return true;
  const source = areaOf(from);
  if (source === target) return true;
  if (isTables(to) && (from === SCHEMA_BARREL || isTables(from))) return true;
  if (source === 'platform') return false;
  return isDoor(to);
}

function unique<T>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every table an area declares: `export const name = pgTable(…)` in its tables.server.ts. */
function tableOwners(nodes: ModuleNode[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const node of nodes) {
    if (!isTables(node.id)) continue;
    const source = parse(readFileSync(node.file, 'utf8'), node.file);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (!ts.isIdentifier(declaration.name) || !init || !ts.isCallExpression(init)) continue;
        if (/Table$/.test(init.expression.getText(source))) {
          owners.set(declaration.name.text, areaOf(node.id)!);
        }
      }
    }
  }
  return owners;
}

const WRITES = new Set(['insert', 'update', 'delete']);

/**
 * The writes (`db.insert(t)`, `tx.update(t)`, `tx.delete(t)`) whose table another area declares.
 * A table is recognised by how the file imported it: a named or namespace import of a tables file
 * or of the schema barrel, so a `Set.delete(x)` or a local variable is never taken for one.
 */
function foreignWrites(
  root: string,
  aliases: [prefix: string, target: string][],
  nodes: ModuleNode[],
): ForeignWrite[] {
  const owners = tableOwners(nodes);
  const found: ForeignWrite[] = [];
  for (const node of nodes) {
    const area = areaOf(node.id);
    if (node.id.endsWith(SCRIPT_SUFFIX) || area === undefined) continue;
    const text = readFileSync(node.file, 'utf8');
    const code = node.file.endsWith('.astro')
      ? (/^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '')
      : text;
    const source = parse(code, node.file.endsWith('.astro') ? `${node.file}.ts` : node.file);
    const fromSchema = (specifier: string) => {
      const to = resolveImport(root, aliases, node.file, specifier);
      return to !== undefined && (to === SCHEMA_BARREL || isTables(to));
    };
    const named = new Map<string, string>();
    const namespaces = new Set<string>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
        continue;
      }
      if (!fromSchema(statement.moduleSpecifier.text)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          named.set(element.name.text, (element.propertyName ?? element.name).text);
        }
      }
    }
    const tableOf = (expression: ts.Expression): string | undefined => {
      if (ts.isIdentifier(expression)) return named.get(expression.text);
      if (
        ts.isPropertyAccessExpression(expression) &&
        ts.isIdentifier(expression.expression) &&
        namespaces.has(expression.expression.text)
      ) {
        return expression.name.text;
      }
      return undefined;
    };
    const visit = (at: ts.Node): void => {
      if (
        ts.isCallExpression(at) &&
        ts.isPropertyAccessExpression(at.expression) &&
        WRITES.has(at.expression.name.text) &&
        at.arguments.length === 1
      ) {
        const table = tableOf(at.arguments[0]!);
        const owner = table === undefined ? undefined : owners.get(table);
        if (table !== undefined && owner !== undefined && owner !== area) {
          const { line } = source.getLineAndCharacterOfPosition(at.getStart(source));
          const write = at.expression.name.text as ForeignWrite['write'];
          found.push({ file: node.id, line: line + 1, write, table, owner });
        }
      }
      ts.forEachChild(at, visit);
    };
    visit(source);
  }
  return found;
}

const parse = (code: string, fileName: string) =>
  ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);

/** One line per breach, for a failing test's message. */
export function describeReport(report: BoundaryReport): string[] {
  return [
    ...report.serverImports.map(
      ({ entry, chain }) => `${entry} imports server-only code: ${chain.join(' → ')}`,
    ),
    ...report.doorBreaches.map(({ from, to }) =>
      areaOf(from) === 'platform'
        ? `${from} is on the ground floor and imports the ${areaOf(to)} area: ${to}`
        : `${from} imports ${to} past the ${areaOf(to)} area's doors (index.ts, index.server.ts, ui/)`,
    ),
    ...report.unlistedSideEffects.map(
      ({ from, to }) =>
        `${from} imports ${to} for what it does on load, but package.json "sideEffects" does not name it: the build would drop it`,
    ),
    ...report.lazyDoors.map(
      ({ from, to }) =>
        `${from} loads the door ${to} lazily: the chunk would carry the whole area; load a module of its ui/ instead`,
    ),
    ...report.foreignWrites.map(
      ({ file, line, write, table, owner }) =>
        `${file}:${line} writes (${write}) ${table}, a table of the ${owner} area`,
    ),
    ...report.cycles.map((cycle) => `value-import cycle: ${cycle.join(' → ')}`),
    ...report.unresolved.map(({ from, specifier }) => `${from}: cannot resolve '${specifier}'`),
  ];
}

function isBrowserEntry(id: string): boolean {
  if (id.endsWith(SCRIPT_SUFFIX)) return true;
  if (id.startsWith('src/islands/') || id.startsWith('src/components/')) return true;
  // An area's screens and components (ui/*.astro) are pieces of the page too, and its islands
  // (ui/*.tsx) run in the browser.
  if (/^src\/lib\/[^/]+\/ui\/.+\.(astro|tsx)$/.test(id)) return true;
  if (id === 'src/lib/platform/client.ts' || id === 'src/lib/identity/api.ts') return true;
  if (/^src\/lib\/[^/]+\/(store|contracts|index)\.ts$/.test(id)) return true;
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
  if (!file.endsWith('.astro')) return [{ id, file, imports: moduleImports(text, file) }];
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  // Astro bundles each `<script>` for the browser; one with attributes is left inline as is.
  const scripts = [...text.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !attributes?.trim())
    .map(([, , body]) => body ?? '');
  return [
    { id, file, imports: moduleImports(frontmatter, `${file}.ts`) },
    {
      id: id + SCRIPT_SUFFIX,
      file,
      imports: scripts.flatMap((s) => moduleImports(s, `${file}.ts`)),
    },
  ];
}

function moduleImports(code: string, fileName: string): ImportEdge[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const found: ImportEdge[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword;
      const bare = node.importClause === undefined;
      found.push({ specifier: node.moduleSpecifier.text, dynamic: false, typeOnly, bare });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) {
        const typeOnly = node.isTypeOnly;
        found.push({ specifier: node.moduleSpecifier.text, dynamic: false, typeOnly });
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, dynamic: true, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * package.json "sideEffects" as project-relative globs, or undefined when it does not say (then
 * the bundler keeps every module, and nothing needs listing).
 */
function readSideEffects(root: string): string[] | undefined {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    sideEffects?: unknown;
  };
  if (!Array.isArray(manifest.sideEffects)) return undefined;
  return manifest.sideEffects.map((pattern: string) => pattern.replace(/^\.\//, ''));
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
  // A file imported as text or as its URL (`?raw`, `?url`) is still that file.
  specifier = specifier.replace(/\?(?:raw|url)$/, '');
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

if (import.meta.main) {
  const breaches = describeReport(checkBoundaries('.'));
  for (const line of breaches) console.error(line);
  if (breaches.length > 0) {
    console.error(`${breaches.length} boundary breaches`);
    process.exit(1);
  }
  console.log('boundaries hold');
}
