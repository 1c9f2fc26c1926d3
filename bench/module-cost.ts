/**
 * What each module adds to a bundle's brotli size: the bundle built again
 * with that one module left out (external), less the whole. Rendered bytes
 * before compression mislead here: brotli squeezes repeated text almost to
 * nothing and distinct text hardly at all, so a long stylesheet can cost
 * more than a longer piece of code. Leaving a module out also leaves out
 * what only it imports, so the figures overlap and do not add up to the
 * total.
 */
import { bundleForBrowser } from './bundle.js';
import { measure } from './measure.js';

export interface ModuleCost {
  id: string;
  /** Brotli bytes the bundle loses without this module (and what only it imports). */
  brotli: number;
}

export async function moduleCosts(entry: string, root: string): Promise<ModuleCost[]> {
  const whole = await bundleForBrowser(entry, root);
  const total = measure(whole.code).brotli;
  const costs: ModuleCost[] = [];
  for (const { id } of whole.modules) {
    // The entry itself, and rolldown's own helpers, cannot be left out.
    if (id === entry || id.startsWith('\0')) continue;
    const without = await bundleForBrowser(entry, root, [id]);
    costs.push({ id, brotli: total - measure(without.code).brotli });
  }
  return costs.sort((a, b) => b.brotli - a.brotli);
}
