/**
 * The checks of what a merchant overrides: the `messages` sentences and the
 * `--pay-*` values. Most pages set neither, so this module loads when one is
 * set (`setting-checks.ts`), and a page that sets none never downloads it.
 * It imports nothing the page's script has: the host hands those parts over
 * ({@link PageCode}), since a module shared with the page's script would be
 * split off that script into a file of its own.
 */
import { messageChecks, type TableParts } from '../channel/message-check-table.js';
import type { packMessages } from '../channel/message-templates.js';
import type { LIMITS } from '../channel/protocol.js';
import { isSafeThemeValue } from '../channel/theme-values.js';
import type { Kind, THEME_VARIABLES } from '../channel/theme-variables.js';
import type { MessageOverrides } from '../form/messages.js';

/** What the checks use of the page's own code, in this order (positions, as {@link TableParts}). */
export type PageCode = [
  packMessages: typeof packMessages,
  limits: typeof LIMITS,
  themeVariables: typeof THEME_VARIABLES,
  ...table: TableParts,
];

/** Says in the console, once per setting, that it is not used and why. */
export type Warn = (setting: string, why: string) => void;

export interface OverrideChecks {
  /** The overrides whose sentences pass their checks; each one that does not is named. */
  keptMessages(messages: MessageOverrides, warn: Warn): MessageOverrides;
  /** Why the frame would refuse `value` for the variable `name`, or null when it takes it. */
  themeProblem(name: string, value: string): string | null;
}

/** An example of each kind of value the frame takes: the fix, in the console. */
const EXAMPLES: Record<Kind, string> = { color: '#0b57d0', length: '8px', 'font-family': 'Inter, sans-serif' };

/** The longest text in a packed sentence (a table's, or a template's). */
const longest = (value: unknown): number =>
  typeof value === 'string' ? value.length : value && typeof value === 'object' ? Math.max(0, ...Object.values(value).map(longest)) : 0;

export function overrideChecks(...[packMessages, LIMITS, THEME_VARIABLES, ...table]: PageCode): OverrideChecks {
  const checks = messageChecks(...table);
  return {
    keptMessages(messages, warn) {
      let kept = messages as Record<string, unknown>;
      for (const [key, value] of Object.entries(packMessages(messages) ?? {})) {
        const known = Object.hasOwn(checks, key);
        if (known && checks[key as keyof typeof checks](value)) continue;
        warn(
          `messages.${key}`,
          !known
            ? 'names no sentence of the form (a typo?)'
            : longest(value) > LIMITS.sentence
              ? `must be at most ${LIMITS.sentence} characters`
              : 'is not of the shape its sentence takes (a key it does not have, or a value that is not text)',
        );
        const { [key]: _dropped, ...rest } = kept;
        kept = rest;
      }
      return kept as MessageOverrides;
    },
    themeProblem(name, value) {
      const kind = THEME_VARIABLES[name];
      if (isSafeThemeValue(kind, value, LIMITS.themeValue)) return null;
      return value.length > LIMITS.themeValue
        ? `has a value longer than ${LIMITS.themeValue} characters`
        : `is not a plain ${kind} the frame can use (e.g. ${EXAMPLES[kind!]})`;
    },
  };
}
