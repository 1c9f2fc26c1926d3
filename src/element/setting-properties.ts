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

/** How Lit reads each kind of attribute. */
const KINDS = {
  text: {},
  boolean: { type: Boolean },
  number: { type: Number },
  json: { converter: (value: string | null) => (value === null ? null : parseJson(value)) },
} satisfies Record<string, PropertyDeclaration>;

/** The element's reactive properties, one per row of the settings table. */
export const settingProperties = (): Record<SettingName, PropertyDeclaration> =>
  Object.fromEntries(
    Object.entries(SETTINGS).map(([name, row]) => [
      name,
      { ...(row.kind ? KINDS[row.kind] : {}), attribute: row.attribute, reflect: 'reflect' in row && row.reflect },
    ]),
  ) as Record<SettingName, PropertyDeclaration>;
