/**
 * Which `--pay-*` values may cross into the frame: only values the browser's
 * own parser accepts for their kind, and nothing that could fetch (`url()`),
 * reach elsewhere (`var()`, `env()`, `attr()`) or break out of a
 * declaration. The host runs it to name a value it will not post; the frame
 * runs it again on whatever arrives.
 */

import { LIMITS } from './protocol.js';
import { THEME_VARIABLES, type Kind } from './theme-variables.js';

const UNSAFE = /url\(|var\(|env\(|attr\(|image|[;{}<>\\@!]/i;
/** Font names only, quoted or not: no functions, nothing to download. */
const FONT_LIST = /^[\w\s,'"-]+$/;
/** The property each kind is checked against. */
const PROPERTY: Record<Kind, string> = { color: 'color', length: 'padding', 'font-family': 'font-family' };

/** True when `value` is a safe value for the variable `name`; `CSS.supports` is the parser. */
export function isSafeThemeValue(name: string, value: string): boolean {
  const kind = Object.hasOwn(THEME_VARIABLES, name) ? THEME_VARIABLES[name] : undefined;
  if (!kind || value.length > LIMITS.themeValue || UNSAFE.test(value)) return false;
  if (kind === 'font-family' && !FONT_LIST.test(value)) return false;
  return CSS.supports(PROPERTY[kind], value);
}
