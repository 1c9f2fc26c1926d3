import { LIMITS } from '../channel/protocol.js';
import { THEME_VARIABLES } from '../channel/theme-variables.js';

/**
 * The `--pay-*` variables set on `element`, to post into the frame: `::part`
 * and inherited CSS stop at a frame, so these are the one way in. Computed
 * values, so a `var()` chain arrives resolved. A value past its limit stays
 * out, and `tooLong` hears its name.
 */
export function readThemeVariables(element: Element, tooLong: (name: string) => void): Record<string, string> {
  const style = getComputedStyle(element);
  const values: Record<string, string> = {};
  for (const name of Object.keys(THEME_VARIABLES)) {
    const value = style.getPropertyValue(name).trim();
    if (value.length > LIMITS.themeValue) tooLong(name);
    else if (value) values[name] = value;
  }
  return values;
}
