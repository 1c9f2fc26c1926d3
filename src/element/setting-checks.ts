import { parseAcceptedBrands } from '../card/accepted-brands.js';
import { BRANDS } from '../card/brand.js';
import { COUNTS, INSTALLMENT_TEMPLATES, packMessages } from '../channel/message-templates.js';
import { LIMITS, sentence } from '../channel/protocol.js';
import { either, object, optional, partialRecord, tuple } from '../channel/schema.js';
import { SETTINGS, type SettingName, type SettingValues } from '../channel/settings.js';
import { THEME_VARIABLES } from '../channel/theme-variables.js';
import { FORM_FIELDS } from '../form/form-fields.js';
import type { FormSettings } from '../form/form-settings.js';
import type { MessageOverrides } from '../form/messages.js';
import { PROBLEMS } from '../form/problems.js';
import { ConfigurationError } from '../shared/errors.js';
import type { OverrideChecks, PageCode } from './override-checks.js';
import { loadOverrideChecks } from './override-checks-source.js';
import { fromText } from './setting-properties.js';

/** What the override checks use of the page's code, handed over rather than imported (override-checks.ts says why). */
const PAGE_CODE: PageCode = [
  packMessages,
  LIMITS,
  THEME_VARIABLES,
  BRANDS,
  FORM_FIELDS,
  PROBLEMS,
  COUNTS,
  INSTALLMENT_TEMPLATES,
  sentence,
  either,
  object,
  optional,
  partialRecord,
  tuple,
];

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
  /** `messages` is set and its checks are still loading: until they are here, nothing is shown or sent (the host updates again then). */
  pending: boolean;
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
 * override leaves the rest in use. Those checks, and the `--pay-*` values',
 * load when an element first has `messages` or a `--pay-*` value set
 * ({@link overrides}): most pages set neither.
 */
export class SettingChecks {
  readonly #warned = new Set<string>();
  #given: unknown[] = [];
  #held: Held | null = null;
  readonly #loaded: () => void;
  #overrides: OverrideChecks | null = null;
  #loading: Promise<void> | null = null;

  /** `loaded`: the override checks have arrived, and the settings are to be held again. */
  constructor(loaded: () => void) {
    this.#loaded = loaded;
  }

  /** The checks of `messages` and the `--pay-*` values, or null while they load: the first call starts loading them. */
  overrides(): OverrideChecks | null {
    this.#loading ??= loadOverrideChecks().then((checks) => {
      this.#overrides = checks(...PAGE_CODE);
      this.#loaded();
    });
    return this.#overrides;
  }

  /** The override checks on their way once asked for, and settled once they are here; null before. */
  get loading(): Promise<void> | null {
    return this.#loading;
  }

  /** The same object while nothing changes, so what is memoised on it stays. */
  hold(values: SettingValues, host: HostState): Held {
    const given = [...NAMES.map((name) => values[name]), host.pageLang, host.disabled, host.unavailable, this.#overrides];
    if (this.#held && given.every((value, i) => value === this.#given[i])) return this.#held;
    this.#given = given;
    const used = { ...values } as Record<SettingName, unknown>;
    let error: ConfigurationError | null = null;
    for (const name of NAMES) {
      const row = SETTINGS[name];
      let value: unknown = values[name];
      if (typeof value === 'string' && (row.kind === 'number' || row.kind === 'json')) used[name] = value = fromText(row.kind, value);
      if (row.check(value)) continue;
      const attribute = row.attribute || name;
      used[name] = row.default;
      if (row.otherwise === 'default') this.warn(attribute, `must be ${row.limit}`);
      else {
        const notJson = typeof value === 'string' ? ` (its text is not JSON)` : '';
        error ??= new ConfigurationError(
          `<pay-card-form>: ${attribute} must be ${row.limit}${notJson}; the form takes no card until it is.`,
        );
      }
    }
    const held = used as SettingValues;
    const messages = held.messages as MessageOverrides | null;
    const checks = messages && this.overrides();
    const settings: FormSettings = {
      lang: held.locale || host.pageLang,
      messages: checks ? checks.keptMessages(messages!, (setting, why) => this.warn(setting, why)) : null,
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
    return (this.#held = { settings, error, pending: !!messages && !checks });
  }

  /** Says in the console that `setting` is not used, and why; once per setting. */
  warn(setting: string, why: string): void {
    if (this.#warned.has(setting)) return;
    this.#warned.add(setting);
    console.warn(`<pay-card-form>: ${setting} ${why}, so it is not used: the form shows its default instead.`);
  }
}
