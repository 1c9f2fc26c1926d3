import type { PropertyDeclaration } from '@lit/reactive-element';
import { SETTINGS, type SettingName } from '../channel/settings.js';

/** An attribute's JSON, or its text when it is not JSON: the host then names the problem rather than offer nothing without a word. */
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * A number or JSON setting given as text, read as its attribute is read. A
 * framework that sets a property whenever the element has one (Vue, Svelte)
 * hands over the text of `amount="15990"` as it is: it works as in HTML.
 */
export const fromText = (kind: 'number' | 'json', text: string): unknown => (kind === 'json' ? parseJson(text) : Number(text));

/** How Lit reads each kind of attribute. */
const KINDS = {
  text: {},
  boolean: { type: Boolean },
  number: { type: Number },
  json: { converter: (value: string | null) => (value === null ? null : fromText('json', value)) },
} satisfies Record<string, PropertyDeclaration>;

/** The element's reactive properties, one per row of the settings table. */
export const settingProperties = (): Record<SettingName, PropertyDeclaration> =>
  Object.fromEntries(
    Object.entries(SETTINGS).map(([name, row]) => [
      name,
      { ...(row.kind ? KINDS[row.kind] : {}), attribute: row.attribute, reflect: 'reflect' in row && row.reflect },
    ]),
  ) as Record<SettingName, PropertyDeclaration>;
