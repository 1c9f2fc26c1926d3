import { parseAcceptedBrands } from '../card/accepted-brands.js';
import { MESSAGE_CHECKS } from '../channel/message-checks.js';
import { packMessages } from '../channel/message-templates.js';
import { LIMITS } from '../channel/protocol.js';
import { SETTINGS, type SettingName, type SettingValues } from '../channel/settings.js';
import type { FormSettings } from '../form/form-settings.js';
import type { MessageOverrides } from '../form/messages.js';
import { ConfigurationError } from '../shared/errors.js';

/** The longest text in a packed sentence (a table's, or a template's). */
const longest = (value: unknown): number =>
  typeof value === 'string' ? value.length : value && typeof value === 'object' ? Math.max(0, ...Object.values(value).map(longest)) : 0;

const NAMES = Object.keys(SETTINGS) as SettingName[];

/** What the host adds to the element's own settings. */
export interface HostState {
  /** The page's `lang` around the element, for a `locale` left empty. */
  pageLang: string;
  disabled: boolean;
  /** The key or the base URL is unusable (found by `checkTokenizeConfig`). */
  unavailable: boolean;
}

/** The settings the form may use, and the setting it cannot go on without, if one is unusable. */
export interface Held {
  settings: FormSettings;
  /** A setting whose row says the form cannot go on without it failed its check. */
  error: ConfigurationError | null;
}

/**
 * Holds every setting of the element to its row of the settings table
 * (`channel/settings.ts`), the same way in both modes, before anything
 * crosses: the frame never receives a value it would refuse, so a setting can
 * never blank the form. A value that fails its check is replaced by the
 * row's default, and the console names the setting and its limit once; when
 * the row says the form cannot go on without it (the amount, the plan), the
 * form takes no card and the page hears a `ConfigurationError`. Each
 * `messages` override is held to its sentence's own check, so one bad
 * override leaves the rest in use.
 */
export class SettingChecks {
  readonly #warned = new Set<string>();
  #given: unknown[] = [];
  #held: Held | null = null;

  /** The same object while nothing changes, so what is memoised on it stays. */
  hold(values: SettingValues, host: HostState): Held {
    const given = [...NAMES.map((name) => values[name]), host.pageLang, host.disabled, host.unavailable];
    if (this.#held && given.every((value, i) => value === this.#given[i])) return this.#held;
    this.#given = given;
    const used = { ...values } as Record<SettingName, unknown>;
    let error: ConfigurationError | null = null;
    for (const name of NAMES) {
      const row = SETTINGS[name];
      if (row.check(values[name])) continue;
      const attribute = row.attribute || name;
      used[name] = row.default;
      if (row.otherwise === 'default') this.warn(attribute, `must be ${row.limit}`);
      else {
        const notJson = typeof values[name] === 'string' ? ` (the ${attribute} attribute is not JSON)` : '';
        error ??= new ConfigurationError(
          `<pay-card-form>: ${attribute} must be ${row.limit}${notJson}; the form takes no card until it is.`,
        );
      }
    }
    const held = used as SettingValues;
    const settings: FormSettings = {
      lang: held.locale || host.pageLang,
      messages: this.#messages(held.messages as MessageOverrides | null),
      // The brands it names, as the form reads them: always short, whatever the attribute's length.
      acceptedBrands: parseAcceptedBrands(held.acceptedBrands)?.join(' ') ?? '',
      publicKey: held.publicKey,
      baseUrl: held.baseUrl,
      disabled: host.disabled,
      unavailable: host.unavailable || !!error,
      installments: held.installments ? { ...held.installments, amount: held.amount } : null,
      collectTaxId: held.collectTaxId,
      hideSubmit: held.hideSubmit,
      hideSuccess: held.hideSuccess,
      showBrands: held.showBrands,
      submitLabel: held.submitLabel,
      theme: held.theme,
    };
    return (this.#held = { settings, error });
  }

  /** The overrides whose sentences pass their checks; each one that does not is named. */
  #messages(messages: MessageOverrides | null): MessageOverrides | null {
    if (!messages) return null;
    let kept = messages as Record<string, unknown>;
    for (const [key, value] of Object.entries(packMessages(messages) ?? {})) {
      const known = Object.hasOwn(MESSAGE_CHECKS, key);
      if (known && MESSAGE_CHECKS[key as keyof typeof MESSAGE_CHECKS](value)) continue;
      this.warn(
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
  }

  /** Says in the console that `setting` is not used, and why; once per setting. */
  warn(setting: string, why: string): void {
    if (this.#warned.has(setting)) return;
    this.#warned.add(setting);
    console.warn(`<pay-card-form>: ${setting} ${why}, so it is not used: the form shows its default instead.`);
  }
}
