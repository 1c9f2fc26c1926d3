import { THEME_VARIABLES } from '../channel/theme-variables.js';
import type { OverrideChecks, Warn } from './override-checks.js';

/**
 * The `--pay-*` variables set on `element`, to post into the frame: `::part`
 * and inherited CSS stop at a frame, so these are the one way in. Computed
 * values, so a `var()` chain arrives resolved. A value the frame would refuse
 * stays out, and `unusable` hears its name and why. Null while a value is set
 * and its check is still loading (`checks()` starts it; the host updates
 * again once it has loaded).
 */
export function readThemeVariables(element: Element, checks: () => OverrideChecks | null, unusable: Warn): Record<string, string> | null {
  const style = getComputedStyle(element);
  const values: Record<string, string> = {};
  for (const name of Object.keys(THEME_VARIABLES)) {
    const value = style.getPropertyValue(name).trim();
    if (value) values[name] = value;
  }
  const set = Object.keys(values);
  if (!set.length) return values;
  const loaded = checks();
  if (!loaded) return null;
  for (const name of set) {
    const why = loaded.themeProblem(name, values[name]!);
    if (why) {
      delete values[name];
      unusable(name, why);
    }
  }
  return values;
}
