/**
 * Which built files a page downloads for one entry, read from the files
 * themselves, whatever chunks the build chose:
 *
 * - `eager`: what loads before the entry's code can run: the entry and,
 *   transitively, every file it imports statically (for an HTML page, its
 *   scripts, module preloads and stylesheets, then their imports);
 * - `lazy`: what a dynamic `import()` loads later, on demand, with its own
 *   static imports, less what is already eager.
 *
 * Vite's own parser finds the imports, so the minified output of any build
 * can be read. Only relative addresses are followed; anything else (a bare
 * package name, another origin, an import computed at run time) throws,
 * since a page could not load it as built or the graph could not be known.
 */
import { posix } from 'node:path';
import { parseSync } from 'vite';

export interface GraphFile {
  /** Relative to the folder `read` reads from. */
  path: string;
  /** Requests made one after another before this one can start: 0 for the entry. */
  depth: number;
}

export interface Graph {
  eager: GraphFile[];
  lazy: GraphFile[];
}

/** The files one file loads: at once (`static`) and on demand (`dynamic`). */
export interface Imports {
  static: string[];
  dynamic: string[];
}

/**
 * `read(path)`: the text of a built file, by its path relative to one folder
 * (the build's output). `skipDynamic(path)`: a dynamic import not to follow,
 * such as what only a page that turns a feature on loads.
 */
export function importGraph(entry: string, read: (path: string) => string, skipDynamic: (path: string) => boolean = () => false): Graph {
  return walkGraph(entry, (path) => {
    const found = importsIn(path, read(path));
    return { static: found.static, dynamic: found.dynamic.filter((each) => !skipDynamic(each)) };
  });
}

/** The same walk over imports known another way, such as a bundler's own account of its chunks (bundle.ts). */
export function walkGraph(entry: string, importsOf: (path: string) => Imports): Graph {
  const eager = closure([{ path: entry, depth: 0 }], new Set(), importsOf, false);
  // A dynamic import starts as the code runs, so once every eager file has loaded.
  const after = Math.max(...eager.map((f) => f.depth)) + 1;
  const lazyStart = eager.flatMap((f) => importsOf(f.path).dynamic.map((path) => ({ path, depth: after })));
  const lazy = closure(lazyStart, new Set(eager.map((f) => f.path)), importsOf, true);
  return { eager, lazy };
}

/**
 * Breadth first from `start`, so each file gets its shallowest depth,
 * skipping `seen` files. `withDynamic`: follow dynamic imports too (the
 * lazy part, where everything found loads on demand anyway).
 */
function closure(start: GraphFile[], seen: Set<string>, importsOf: (path: string) => Imports, withDynamic: boolean): GraphFile[] {
  const found: GraphFile[] = [];
  const queue: GraphFile[] = [];
  const visit = (file: GraphFile) => {
    if (seen.has(file.path)) return;
    seen.add(file.path);
    queue.push(file);
  };
  start.forEach(visit);
  while (queue.length > 0) {
    const file = queue.shift()!;
    found.push(file);
    const next = importsOf(file.path);
    for (const path of withDynamic ? [...next.static, ...next.dynamic] : next.static) visit({ path, depth: file.depth + 1 });
  }
  return found;
}

/** The files one built file (`from`, its text `text`) loads, as paths beside it. */
export function importsIn(from: string, text: string): Imports {
  const resolve = (specifier: string) => {
    if (!/^\.\.?\//.test(specifier))
      throw new Error(`${from} loads "${specifier}", which is not a relative address: the graph stops here.`);
    return posix.join(posix.dirname(from), specifier.split(/[?#]/)[0]!);
  };
  if (from.endsWith('.html')) {
    const { files, inline } = htmlResources(from, text);
    // An inline script's imports resolve against the page's address, as the page's own would.
    const fromScripts = inline.map((code) => importsIn(from.replace(/\.html$/, '.inline.js'), code));
    return {
      static: [...files.map(resolve), ...fromScripts.flatMap((found) => found.static)],
      dynamic: fromScripts.flatMap((found) => found.dynamic),
    };
  }
  if (!from.endsWith('.js') && !from.endsWith('.mjs')) return { static: [], dynamic: [] };
  const { module, errors } = parseSync(from, text);
  if (errors.length > 0) throw new Error(`${from} does not parse: ${errors[0]!.message}`);
  const staticSpecifiers = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : []))),
  ];
  const dynamicSpecifiers = module.dynamicImports.flatMap(({ moduleRequest }) => {
    const source = text.slice(moduleRequest.start, moduleRequest.end);
    // src/shared/import-again.ts: the address of an import that failed, asked for anew; its file is in the graph already.
    if (/^`\$\{[\w$]+\}\?again=\$\{[\w$]+\}`$/.test(source)) return [];
    const literal = /^(['"`])([^'"`$\\]*)\1$/.exec(source);
    if (!literal) throw new Error(`${from} imports ${source} at run time: a computed address cannot be followed.`);
    return [literal[2]!];
  });
  return { static: [...new Set(staticSpecifiers)].map(resolve), dynamic: [...new Set(dynamicSpecifiers)].map(resolve) };
}

/**
 * What an HTML page fetches as it loads: scripts with `src`, and linked
 * stylesheets and preloads (`files`); and the code of its inline module
 * scripts (`inline`), whose imports it fetches too. The page's own size
 * counts their code.
 */
function htmlResources(from: string, html: string): { files: string[]; inline: string[] } {
  const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(attributes)?.[1];
  const found: string[] = [];
  const inline: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(attributes, 'src');
    if (src) found.push(src);
    else if (attribute(attributes, 'type') === 'module') inline.push(body);
    // A classic inline script's imports would be missed: refuse rather than undercount.
    else if (body.trim()) throw new Error(`${from} has an inline classic script, which this graph does not follow.`);
  }
  for (const [, attributes = ''] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const href = attribute(attributes, 'href');
    if (href && /^(stylesheet|modulepreload|preload)$/i.test(attribute(attributes, 'rel') ?? '')) found.push(href);
  }
  return { files: found, inline };
}
