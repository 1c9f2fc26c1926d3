/**
 * Theming inside the frame. The host posts the `--pay-*` variables it reads
 * (`element/read-theme.ts`); the frame keeps only values the
 * browser's own parser accepts for their kind, and nothing that could fetch
 * (`url()`), reach elsewhere (`var()`, `env()`, `attr()`) or break out of a
 * declaration.
 */

import { LIMITS } from '../channel/protocol.js';
import { THEME_VARIABLES, type Kind } from '../channel/theme-variables.js';

const UNSAFE = /url\(|var\(|env\(|attr\(|image|[;{}<>\\@!]/i;
/** Font names only, quoted or not: no functions, nothing to download. */
const FONT_LIST = /^[\w\s,'"-]+$/;
/** The property each kind is checked against. */
const PROPERTY: Record<Kind, string> = { color: 'color', length: 'padding', 'font-family': 'font-family' };

/** True when `value` is a safe value for the variable `name`; in the frame, where `CSS.supports` is the parser. */
export function isSafeThemeValue(name: string, value: string): boolean {
  const kind = Object.hasOwn(THEME_VARIABLES, name) ? THEME_VARIABLES[name] : undefined;
  if (!kind || value.length > LIMITS.themeValue || UNSAFE.test(value)) return false;
  if (kind === 'font-family' && !FONT_LIST.test(value)) return false;
  return CSS.supports(PROPERTY[kind], value);
}

/** Applies the safe variables to `element` and removes the rest, so a variable the host dropped goes back to its default. */
export function applyThemeVariables(element: HTMLElement, values: Partial<Record<string, string>>): void {
  for (const name of Object.keys(THEME_VARIABLES)) {
    const value = values[name];
    if (value !== undefined && isSafeThemeValue(name, value)) element.style.setProperty(name, value);
    else element.style.removeProperty(name);
  }
}
