/**
 * Where the checks of `messages` and the `--pay-*` values come from. Each
 * entry point that defines the element sets it once, before the element can
 * run: those that can load a module on demand (`pay-card-form` and the
 * script-tag ES module) load the checks' chunk the first time an element
 * has either set, so a page that sets neither never downloads it; the
 * classic script, which can only be one file, holds the checks.
 */
import type { OverrideChecks, overrideChecks } from './override-checks.js';

/** Resolves to the checks; never rejects (see {@link UNCHECKED}). */
export type OverrideChecksLoader = () => Promise<typeof overrideChecks>;

/** What the entry point set. */
export let loadOverrideChecks: OverrideChecksLoader;

/** Sets where every `<pay-card-form>` of the page gets the checks. */
export function setOverrideChecksLoader(load: OverrideChecksLoader): void {
  loadOverrideChecks = load;
}

const NOT_LOADED = "could not be checked (the file that checks it did not load from this page's server)";

/**
 * In place of the checks when their file does not load: no override goes
 * unchecked into the form, so none is used, and the console names each one.
 */
export const UNCHECKED: typeof overrideChecks = (): OverrideChecks => ({
  keptMessages: (_messages, warn) => (warn('messages', NOT_LOADED), {}),
  themeProblem: () => NOT_LOADED,
});
