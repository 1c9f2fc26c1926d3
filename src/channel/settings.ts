/**
 * Every setting of `<pay-card-form>`, declared once: its attribute, whether
 * the attribute reflects, its default, the check its value must pass (with
 * the limit that check holds it to, in words for the console), what the form
 * does with a value it cannot use, and whether and how it crosses into the
 * frame. The rest is derived from this table: the element's reactive
 * properties and their types, the settings both modes read
 * ({@link FormSettings}), the frame's `settings` message and its check
 * (`to-frame.ts`), and the host's check of every value before anything
 * crosses (`element/setting-checks.ts`). Adding a setting is one row here
 * plus its use.
 */
import { boolean, integer, nullable, oneOf, record, string, type Check, type Infer } from './schema.js';
import { LIMITS } from './protocol.js';
import type { FormSettings } from '../form/form-settings.js';
import type { MessageOverrides } from '../form/messages.js';

/** The form's languages: `lang` is a BCP 47 tag the form maps to one of its languages. */
const lang = string(LIMITS.lang);

/** How Lit reads the attribute: text, a boolean (present or not), a number, JSON, or no attribute at all. */
type AttributeKind = 'text' | 'boolean' | 'number' | 'json' | false;

/**
 * One setting. `check` is required: a row without one does not compile.
 * `cross` names the key it takes in the frame's settings (`true`: its own
 * name), or `false` for a setting only the page uses.
 */
export interface SettingRow<T> {
  readonly attribute: string | false;
  readonly kind: AttributeKind;
  readonly reflect?: boolean;
  readonly default: T;
  readonly check: Check<T>;
  /** What the check holds the value to, as the console says it: "at most 200 characters". */
  readonly limit: string;
  /**
   * `default`: a value that fails its check is replaced by the default, and
   * the form goes on. `unavailable`: the form cannot go on without it (the
   * amount to split, the merchant's plan): it takes no card until it is
   * fixed, and the page hears a `ConfigurationError`.
   */
  readonly otherwise: 'default' | 'unavailable';
  readonly cross: boolean | string;
}

/** A row, its value's type inferred from its check and its `cross` kept literal, so what crosses is known to the compiler. */
export const row = <T, const C extends boolean | string>(
  definition: Omit<SettingRow<T>, 'default' | 'cross'> & { default: NoInfer<T>; cross: C },
): SettingRow<T> & { cross: C } => definition;
const text = (max: number) => string(max);
/** A boolean attribute (present or not), reflected, off by default. */
const flag = <const C extends boolean>(attribute: string, cross: C) =>
  row({ attribute, kind: 'boolean', reflect: true, default: false, check: boolean, limit: 'true or false', otherwise: 'default', cross });
/** Host-only text that goes nowhere but the page itself: no limit to hold it to. */
const anyText: Check<string> = (value): value is string => typeof value === 'string';

export const SETTINGS = {
  mode: row({
    attribute: 'mode',
    kind: 'text',
    reflect: true,
    default: 'isolated',
    check: oneOf(['isolated', 'inline']),
    limit: '"isolated" or "inline"',
    otherwise: 'default',
    cross: false,
  }),
  frameUrl: row({ attribute: 'frame-url', kind: 'text', default: '', check: anyText, limit: 'text', otherwise: 'default', cross: false }),
  publicKey: row({
    attribute: 'public-key',
    kind: 'text',
    default: '',
    check: text(LIMITS.publicKey),
    limit: `at most ${LIMITS.publicKey} characters`,
    otherwise: 'default',
    cross: true,
  }),
  baseUrl: row({ attribute: 'base-url', kind: 'text', default: '', check: anyText, limit: 'text', otherwise: 'default', cross: false }),
  locale: row({
    attribute: 'locale',
    kind: 'text',
    default: '',
    check: lang,
    limit: `a language tag of at most ${LIMITS.lang} characters`,
    otherwise: 'default',
    // Crosses as the language the form speaks: this, or the page's `lang`.
    cross: 'lang',
  }),
  submitLabel: row({
    attribute: 'submit-label',
    kind: 'text',
    default: '',
    check: text(LIMITS.submitLabel),
    limit: `at most ${LIMITS.submitLabel} characters`,
    otherwise: 'default',
    cross: true,
  }),
  theme: row({
    attribute: 'theme',
    kind: 'text',
    reflect: true,
    default: 'light',
    check: oneOf(['light', 'dark', 'auto']),
    limit: '"light", "dark" or "auto"',
    otherwise: 'default',
    cross: true,
  }),
  name: row({
    attribute: 'name',
    kind: 'text',
    reflect: true,
    default: '',
    check: anyText,
    limit: 'text',
    otherwise: 'default',
    cross: false,
  }),
  required: flag('required', false),
  hideSubmit: flag('hide-submit', true),
  hideSuccess: flag('hide-success', true),
  showBrands: flag('show-brands', true),
  acceptedBrands: row({
    attribute: 'accepted-brands',
    kind: 'text',
    default: '',
    check: text(LIMITS.acceptedBrands),
    limit: `at most ${LIMITS.acceptedBrands} characters`,
    otherwise: 'default',
    cross: true,
  }),
  amount: row({
    attribute: 'amount',
    kind: 'number',
    default: 0,
    // Integer centavos: money is never a float.
    check: integer(0, Number.MAX_SAFE_INTEGER),
    limit: 'a whole number of centavos, 0 or more (R$ 159,90 is 15990)',
    otherwise: 'unavailable',
    // Crosses inside `installments`, the plan it is split by.
    cross: false,
  }),
  installments: row({
    attribute: 'installments',
    kind: 'json',
    default: null,
    check: nullable(record),
    limit: 'a JSON object such as {"maxInstallments": 12, "interestFree": 3, "monthlyRate": "1.99", "minInstallment": 500}',
    otherwise: 'unavailable',
    cross: true,
  }),
  collectTaxId: flag('collect-tax-id', true),
  messages: row({
    attribute: false,
    kind: false,
    default: null,
    // Each sentence is held to its own check (`message-checks.ts`), one by one.
    check: nullable(record),
    limit: 'an object of sentences',
    otherwise: 'default',
    cross: true,
  }),
};

export type Settings = typeof SETTINGS;
export type SettingName = keyof Settings;
/** The value a setting holds. */
export type SettingValue<K extends SettingName> = Settings[K] extends SettingRow<infer T> ? T : never;
/** Every setting's value, as the element's properties hold them. */
export type SettingValues = { -readonly [K in SettingName]: SettingValue<K> };

/** The settings that cross, by the key each takes in the frame's settings. */
type CrossingKey<K extends SettingName> = Settings[K]['cross'] extends string ? Settings[K]['cross'] : K;
type Crossing = { [K in SettingName as Settings[K]['cross'] extends false ? never : CrossingKey<K>]: Check<SettingValue<K>> };

/** The check of each setting that crosses, under the key it crosses as. */
export const CROSSING_CHECKS = Object.fromEntries(
  Object.entries(SETTINGS)
    .filter(([, setting]) => setting.cross !== false)
    .map(([key, setting]) => [typeof setting.cross === 'string' ? setting.cross : key, setting.check]),
) as unknown as Crossing;

/** The values of the settings that cross, as the frame receives them (before the host's own additions). */
export type CrossingValues = { [K in keyof Crossing]: Infer<Crossing[K]> };

/** The defaults, to start an element with. */
export const defaults = (): SettingValues =>
  Object.fromEntries(Object.entries(SETTINGS).map(([key, setting]) => [key, setting.default])) as SettingValues;

/**
 * What the host gives the form, in either mode: every setting that crosses
 * (inline, `messages` keeps its functions), plus what the host adds. The
 * form declares what it reads (`FormSettings`); the line below does not
 * compile when the two differ, so the form cannot read a setting this table
 * does not declare.
 */
export type HostFormSettings = Omit<CrossingValues, 'messages'> & {
  messages: MessageOverrides | null;
  /** Inline: where the form tokenizes. (Isolated, the frame uses its own origin.) */
  baseUrl: string;
  /** Disabled by an enclosing `<fieldset disabled>` or form. */
  disabled: boolean;
  /** A setting the form cannot go on without is unusable: the form takes no card and says so. */
  unavailable: boolean;
};
/** True when what the form reads, `F`, is exactly what the table gives it. */
export type DeclaredFor<F> = [HostFormSettings] extends [F] ? ([F] extends [HostFormSettings] ? true : false) : false;
export const FORM_SETTINGS_DECLARED: DeclaredFor<FormSettings> = true;
