/**
 * What `import 'pay-card-form'` costs an app built by plain Vite. The app's
 * build splits the inline form off into a chunk it loads on demand, as
 * `npm run build` does for the script-tag file, so the figure is what the
 * app's page loads before its code runs (its entry chunk and that chunk's
 * static imports), less the same for the app without the import, which
 * leaves out what Vite adds to every app (its module-preload polyfill). What
 * `mode="inline"` loads on demand is given beside it. Shared by
 * `npm run bench` and the size test, so both count the same way.
 */
import { bundleAsApp, EMPTY_APP, IMPORTING_APP, type Bundled } from './bundle.js';
import { measure, sumSizes, type Sizes } from './measure.js';

export interface InstalledImport {
  /** What the app with the import loads before its code runs. */
  app: Sizes;
  /** The same app without it. */
  emptyApp: Sizes;
  /** Brotli bytes the import adds to what loads at once: `app.brotli - emptyApp.brotli`. */
  addedBrotli: number;
  /** What the app loads on demand, in inline mode only (the empty app loads nothing on demand). */
  lazy: Sizes;
  modules: Bundled['modules'];
  lazyModules: Bundled['modules'];
}

export async function measureInstalledImport(): Promise<InstalledImport> {
  const [withImport, without] = await Promise.all([bundleAsApp(IMPORTING_APP), bundleAsApp(EMPTY_APP)]);
  const sizes = (chunks: Bundled[]) => sumSizes(chunks.map((c) => measure(c.code)));
  const modules = (chunks: Bundled[]) => chunks.flatMap((c) => c.modules).sort((a, b) => b.bytes - a.bytes);
  const app = sizes(withImport.eager);
  const emptyApp = sizes(without.eager);
  return {
    app,
    emptyApp,
    addedBrotli: app.brotli - emptyApp.brotli,
    lazy: sizes(withImport.lazy),
    modules: modules(withImport.eager),
    lazyModules: modules(withImport.lazy),
  };
}
