import { MESSAGE_CHECKS, packMessage } from '../channel/message-overrides.js';
import { LIMITS } from '../channel/protocol.js';
import type { FormSettings } from '../form/form-settings.js';
import type { MessageOverrides, Messages } from '../form/messages.js';

/** The text settings the frame limits, by the attribute a merchant sets. */
const TEXT_SETTINGS = {
  lang: ['locale (or the page’s lang)', LIMITS.lang, 'Use a language tag such as "pt-BR".'],
  submitLabel: ['submit-label', LIMITS.submitLabel, 'Shorten it.'],
  acceptedBrands: ['accepted-brands', LIMITS.acceptedBrands, 'List brands, e.g. "visa mastercard elo".'],
  publicKey: ['public-key', LIMITS.publicKey, 'Copy your public key ("pk_test_…" or "pk_live_…") again.'],
} satisfies Partial<Record<keyof FormSettings, [attribute: string, limit: number, fix: string]>>;

const isMessageKey = (key: string): key is keyof Messages => Object.hasOwn(MESSAGE_CHECKS, key);

/**
 * Holds the element's settings to what the frame accepts (the channel's
 * {@link LIMITS}), in both modes: a setting reads the same inline and
 * isolated, and nothing the frame would refuse ever crosses. A text over its
 * limit, or a `messages` entry that is not a sentence of the form, is not
 * used: the form shows its default instead, and the page's console says
 * which setting, and why, once.
 */
export class SettingLimits {
  readonly #warned = new Set<string>();
  #last: { given: FormSettings; held: FormSettings } | null = null;

  /** The settings as the form may use them; the same object while nothing changes, so what is memoised on it stays. */
  hold(given: FormSettings): FormSettings {
    const last = this.#last;
    if (last && (Object.keys(given) as (keyof FormSettings)[]).every((key) => given[key] === last.given[key])) return last.held;
    let held = given;
    for (const [key, [attribute, limit, fix]] of Object.entries(TEXT_SETTINGS) as [keyof typeof TEXT_SETTINGS, [string, number, string]][]) {
      const value = given[key];
      if (value.length <= limit) continue;
      this.#warn(`<pay-card-form>: ${attribute} is ${value.length} characters long; the limit is ${limit}, so it is not used. ${fix}`);
      held = { ...held, [key]: '' };
    }
    const messages = given.messages && this.#holdMessages(given.messages);
    if (messages !== given.messages) held = { ...held, messages: messages ?? null };
    this.#last = { given, held };
    return held;
  }

  #holdMessages(overrides: MessageOverrides): MessageOverrides {
    let held = overrides;
    const drop = (key: string, why: string) => {
      this.#warn(`<pay-card-form>: messages.${key} ${why}, so the built-in sentence is used.`);
      const { [key]: _dropped, ...rest } = held as Record<string, unknown>;
      held = rest as MessageOverrides;
    };
    for (const [key, value] of Object.entries(overrides)) {
      if (value == null) continue;
      if (!isMessageKey(key)) {
        drop(key, 'is not a sentence of the form (see the Messages type)');
        continue;
      }
      const limit = key === 'brandNames' ? LIMITS.brandName : LIMITS.sentence;
      let packed: unknown;
      try {
        packed = packMessage(key, value);
      } catch {
        drop(key, 'threw when called');
        continue;
      }
      const check = MESSAGE_CHECKS[key] as (value: unknown) => boolean;
      if (!check(packed)) drop(key, `must give text of at most ${limit} characters, shaped as the Messages type says`);
    }
    return held;
  }

  #warn(message: string): void {
    if (this.#warned.has(message)) return;
    this.#warned.add(message);
    console.warn(message);
  }
}
