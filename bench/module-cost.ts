/**
 * What each module adds to a build's brotli size: the build made again with
 * that one module left out (external), less the whole. Rendered bytes
 * before compression mislead here: brotli squeezes repeated text almost to
 * nothing and distinct text hardly at all, so a long stylesheet can cost
 * more than a longer piece of code. Leaving a module out also leaves out
 * what only it imports, so the figures overlap and do not add up to the
 * total.
 *
 * `whole`: one file, dynamic imports inlined (bundleForBrowser). `eager`:
 * the files a page loads before the entry runs, each compressed on its own,
 * with the chunks split as `npm run build` splits them (splitForBrowser):
 * what the isolated page costs, without the inline form it loads on demand.
 */
import { bundleForBrowser, splitForBrowser, type Bundled } from './bundle.js';
import { measure, sumSizes } from './measure.js';

export interface ModuleCost {
  id: string;
  /** Brotli bytes the build loses without this module (and what only it imports). */
  brotli: number;
}

export type Part = 'whole' | 'eager';

/** One build of `entry` with `external` left out: its brotli bytes, and its modules by rendered size. */
async function measured(entry: string, root: string, part: Part, external: string[] = []) {
  if (part === 'whole') {
    const { code, modules } = await bundleForBrowser(entry, root, external);
    return { brotli: measure(code).brotli, modules };
  }
  const { eager } = await splitForBrowser(entry, root, external);
  const modules: Bundled['modules'] = eager.flatMap((c) => c.modules).sort((a, b) => b.bytes - a.bytes);
  return { brotli: sumSizes(eager.map((c) => measure(c.code))).brotli, modules };
}

export interface ModuleCosts {
  /** The build's brotli bytes, all of it: what the costs are taken from. */
  total: number;
  modules: Bundled['modules'];
  costs: ModuleCost[];
}

export async function moduleCosts(entry: string, root: string, part: Part = 'whole'): Promise<ModuleCosts> {
  const whole = await measured(entry, root, part);
  const costs: ModuleCost[] = [];
  for (const { id } of whole.modules) {
    // The entry itself, and rolldown's own helpers, cannot be left out.
    if (id === entry || id.startsWith('\0')) continue;
    const without = await measured(entry, root, part, [id]);
    costs.push({ id, brotli: whole.brotli - without.brotli });
  }
  return { total: whole.brotli, modules: whole.modules, costs: costs.sort((a, b) => b.brotli - a.brotli) };
}
