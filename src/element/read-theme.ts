import { LIMITS } from '../channel/protocol.js';
import { THEME_VARIABLES } from '../channel/theme-variables.js';

/**
 * The `--pay-*` variables set on `element`, to post into the frame: `::part`
 * and inherited CSS stop at a frame, so these are the one way in. Computed
 * values, so a `var()` chain arrives resolved.
 */
export function readThemeVariables(element: Element): Record<string, string> {
  const style = getComputedStyle(element);
  const values: Record<string, string> = {};
  for (const name of Object.keys(THEME_VARIABLES)) {
    const value = style.getPropertyValue(name).trim();
    if (value && value.length <= LIMITS.themeValue) values[name] = value;
  }
  return values;
}
