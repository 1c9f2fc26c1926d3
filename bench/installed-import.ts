/**
 * What `import 'pay-card-form'` costs an app built by plain Vite: the app's
 * JavaScript with the import, less the same app without it, so the figure
 * leaves out what Vite adds to every app (its module-preload polyfill).
 * Shared by `npm run bench` and the size test, so both count the same way.
 */
import { bundleAsApp, EMPTY_APP, IMPORTING_APP, type Bundled } from './bundle.js';
import { measure, type Sizes } from './measure.js';

export interface InstalledImport {
  /** The whole app chunk with the import. */
  app: Sizes;
  /** The same app without it. */
  emptyApp: Sizes;
  /** Brotli bytes the import adds: `app.brotli - emptyApp.brotli`. */
  addedBrotli: number;
  modules: Bundled['modules'];
}

export async function measureInstalledImport(): Promise<InstalledImport> {
  const [withImport, without] = await Promise.all([bundleAsApp(IMPORTING_APP), bundleAsApp(EMPTY_APP)]);
  const app = measure(withImport.code);
  const emptyApp = measure(without.code);
  return { app, emptyApp, addedBrotli: app.brotli - emptyApp.brotli, modules: withImport.modules };
}
