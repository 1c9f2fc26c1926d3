import { LIMITS } from '../channel/protocol.js';
import { isSafeThemeValue } from '../channel/theme-values.js';
import { THEME_VARIABLES, type Kind } from '../channel/theme-variables.js';

/** An example of each kind of value the frame takes: the fix, in the console. */
const EXAMPLES: Record<Kind, string> = { color: '#0b57d0', length: '8px', 'font-family': 'Inter, sans-serif' };

/**
 * The `--pay-*` variables set on `element`, to post into the frame: `::part`
 * and inherited CSS stop at a frame, so these are the one way in. Computed
 * values, so a `var()` chain arrives resolved. A value the frame would refuse
 * stays out, and `unusable` hears its name and why.
 */
export function readThemeVariables(element: Element, unusable: (name: string, why: string) => void): Record<string, string> {
  const style = getComputedStyle(element);
  const values: Record<string, string> = {};
  for (const [name, kind] of Object.entries(THEME_VARIABLES)) {
    const value = style.getPropertyValue(name).trim();
    if (!value) continue;
    if (isSafeThemeValue(name, value)) values[name] = value;
    else
      unusable(
        name,
        value.length > LIMITS.themeValue
          ? `has a value longer than ${LIMITS.themeValue} characters`
          : `is not a plain ${kind} the frame can use (e.g. ${EXAMPLES[kind]})`,
      );
  }
  return values;
}
