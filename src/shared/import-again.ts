/**
 * An on-demand `import()` that can be tried again after the network failed.
 *
 * A browser may keep a failed module fetch for the life of the page: the
 * HTML standard said so until 2026, and Chromium 150 still does. There, a
 * second `import()` of the same address fails at once with the first
 * failure, without asking the network, so a "Try again" could never load
 * the code. After a failure, the next attempt asks for the address the
 * browser's error names, with a query of its own, which the browser takes
 * for a module it has not seen. The files that module imports keep their
 * addresses, so the page still has one copy of each. A browser whose error
 * names no address (Safari) gets the plain `import()` again.
 */

/** The address a failed dynamic import's error names, as Chromium and Firefox write it; null when there is none. */
function failedAddress(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  return /\bdynamically imported module: (\S+)$/.exec(message)?.[1] ?? null;
}

/**
 * Wraps `load` (a function that returns `import('./x.js')`) so that each
 * call after a failure fetches the module anew. A call while one is under
 * way gets the same promise; once loaded, the module is kept.
 */
export function importAgain<T>(load: () => Promise<T>): () => Promise<T> {
  let attempts = 0;
  let address: string | null = null;
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= (
      attempts++ === 0 || address === null
        ? load()
        : // A variable address: bundlers leave it alone (the module it names is in the build already, by its literal import).
          (import(/* @vite-ignore */ /* webpackIgnore: true */ `${address}?again=${attempts}`) as Promise<T>)
    ).catch((error: unknown) => {
      address ??= failedAddress(error);
      loading = null;
      throw error;
    }));
}
