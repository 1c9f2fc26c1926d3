/**
 * Which `--pay-*` values may cross into the frame: only values the browser's
 * own parser accepts for their kind, and nothing that could fetch (`url()`),
 * reach elsewhere (`var()`, `env()`, `attr()`) or break out of a
 * declaration. The host runs it to name a value it will not post; the frame
 * runs it again on whatever arrives.
 */

import type { Kind } from './theme-variables.js';

const UNSAFE = /url\(|var\(|env\(|attr\(|image|[;{}<>\\@!]/i;
/** Font names only, quoted or not: no functions, nothing to download. */
const FONT_LIST = /^[\w\s,'"-]+$/;
/** The property each kind is checked against. */
const PROPERTY: Record<Kind, string> = { color: 'color', length: 'padding', 'font-family': 'font-family' };

/**
 * True when `value` is a safe value of `kind`, at most `max` characters long
 * (`LIMITS.themeValue`); `CSS.supports` is the parser. The caller looks the
 * kind up (`THEME_VARIABLES`): the page loads this check on demand, and a
 * module it shared with the page's script would be split off that script
 * into a file of its own.
 */
export function isSafeThemeValue(kind: Kind | undefined, value: string, max: number): boolean {
  if (!kind || value.length > max || UNSAFE.test(value)) return false;
  if (kind === 'font-family' && !FONT_LIST.test(value)) return false;
  return CSS.supports(PROPERTY[kind], value);
}
