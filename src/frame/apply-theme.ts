/**
 * Theming inside the frame. The host posts the `--pay-*` variables it reads
 * (`element/read-theme.ts`); the frame applies only the values
 * `isSafeThemeValue` takes, whatever reached it.
 */

import { LIMITS } from '../channel/protocol.js';
import { isSafeThemeValue } from '../channel/theme-values.js';
import { THEME_VARIABLES } from '../channel/theme-variables.js';

/** Applies the safe variables to `element` and removes the rest, so a variable the host dropped goes back to its default. */
export function applyThemeVariables(element: HTMLElement, values: Partial<Record<string, string>>): void {
  for (const name of Object.keys(THEME_VARIABLES)) {
    const value = values[name];
    if (value !== undefined && isSafeThemeValue(THEME_VARIABLES[name], value, LIMITS.themeValue)) element.style.setProperty(name, value);
    else element.style.removeProperty(name);
  }
}
