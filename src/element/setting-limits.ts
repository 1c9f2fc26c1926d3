import { parseAcceptedBrands } from '../card/accepted-brands.js';
import { MESSAGE_CHECKS } from '../channel/message-checks.js';
import { packMessages } from '../channel/message-templates.js';
import { LIMITS } from '../channel/protocol.js';
import type { FormSettings } from '../form/form-settings.js';
import type { MessageOverrides } from '../form/messages.js';

/** The text settings the frame limits, by the attribute a merchant sets. */
const TEXT_SETTINGS = {
  lang: 'locale (or lang)',
  submitLabel: 'submit-label',
  publicKey: 'public-key',
} satisfies Partial<Record<keyof FormSettings & keyof typeof LIMITS, string>>;

/** The longest text in a packed sentence (a table's, or a template's). */
const longest = (value: unknown): number =>
  typeof value === 'string' ? value.length : value && typeof value === 'object' ? Math.max(0, ...Object.values(value).map(longest)) : 0;

/**
 * Holds the element's settings to the channel's {@link LIMITS} and each
 * `messages` override to its sentence's check, in both modes: a setting reads
 * the same inline and isolated, and nothing the frame would refuse ever
 * crosses. A value the form cannot use is not used (the form shows its
 * default instead), and the page's console says which setting and why, once:
 * a script-tag page has no compiler to catch a misspelt sentence.
 */
export class SettingLimits {
  readonly #warned = new Set<string>();
  #given: FormSettings | null = null;
  #held: FormSettings | null = null;

  /** The settings as the form may use them; the same object while nothing changes, so what is memoised on it stays. */
  hold(given: FormSettings): FormSettings {
    const last = this.#given;
    if (last && (Object.keys(given) as (keyof FormSettings)[]).every((key) => given[key] === last[key])) return this.#held!;
    // The brands it names, as the form reads them: always short, whatever the attribute's length.
    const held = { ...given, acceptedBrands: parseAcceptedBrands(given.acceptedBrands)?.join(' ') ?? '' };
    for (const [key, name] of Object.entries(TEXT_SETTINGS) as [keyof typeof TEXT_SETTINGS, string][]) {
      if (given[key].length > LIMITS[key]) {
        this.warn(name, `has a text longer than ${LIMITS[key]} characters`);
        held[key] = '';
      }
    }
    const packed = packMessages(given.messages) ?? {};
    for (const [key, value] of Object.entries(packed)) {
      const known = Object.hasOwn(MESSAGE_CHECKS, key);
      if (known && MESSAGE_CHECKS[key as keyof typeof MESSAGE_CHECKS](value)) continue;
      this.warn(
        `messages.${key}`,
        !known
          ? 'names no sentence of the form (a typo?)'
          : longest(value) > LIMITS.sentence
            ? `has a text longer than ${LIMITS.sentence} characters`
            : 'is not of the shape its sentence takes (a key it does not have, or a value that is not text)',
      );
      const { [key]: _dropped, ...rest } = held.messages as Record<string, unknown>;
      held.messages = rest as MessageOverrides;
    }
    this.#given = given;
    return (this.#held = held);
  }

  /** Says in the console that `setting` is not used, and why; once per setting. */
  warn(setting: string, why: string): void {
    if (this.#warned.has(setting)) return;
    this.#warned.add(setting);
    console.warn(`<pay-card-form>: ${setting} ${why}, so it is not used: the form shows its default instead.`);
  }
}
