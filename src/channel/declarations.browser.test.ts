/**
 * The channel's checks are declared against the types the host and the frame
 * use, so they cannot drift apart: each `@ts-expect-error` below is a line
 * that must not compile, and `npm run typecheck` fails if one ever does
 * (a drifted check would then refuse real messages and blank the form).
 * The runtime half shows the same tables are what the checks run. The
 * problems and the `card.*` paths need no such line: the checks read the
 * very lists their types come from (`PROBLEMS`, `CARD_ERROR_PATHS`).
 */
import { expect } from '@open-wc/testing';
import type { CardFieldName } from '../card/field-names.js';
import type { TokenizeResult } from '../card/types.js';
import type { ChangeDetail, FieldState } from '../form/change-detail.js';
import type { Messages } from '../form/messages.js';
import type { TokenizeErrors } from '../tokenize/errors.js';
import { CHANGE_DETAIL, FIELD_STATES, TOKENIZE_RESULT } from './from-frame.js';
import { MESSAGE_CHECKS, validMessages, type MessageChecks } from './message-checks.js';
import type { ShapeOf } from './schema.js';
import { row, SETTINGS, type DeclaredFor, type SettingValue } from './settings.js';
import { settingsMessage } from './to-frame.js';
import type { FormSettings } from '../form/form-settings.js';
import { string } from './schema.js';
import { ERRORS_FROM_WIRE, NAMES, wireError } from './wire-errors.js';

describe('the channel declarations', () => {
  it('do not compile when a type gains a key its check lacks', () => {
    // A sentence added to Messages.
    // @ts-expect-error the check has no `newSentence`
    void (MESSAGE_CHECKS satisfies MessageChecks<Messages & { newSentence: string }>);
    // A field added to the form.
    // @ts-expect-error the check has no `newField`
    void (FIELD_STATES satisfies ShapeOf<Record<CardFieldName | 'newField', FieldState>>);
    // A key added to the `change` detail.
    // @ts-expect-error the check has no `newKey`
    void (CHANGE_DETAIL satisfies ShapeOf<ChangeDetail & { newKey: boolean }>);
    // A key added to the result of `tokenize`.
    // @ts-expect-error the check has no `newKey`
    void (TOKENIZE_RESULT satisfies ShapeOf<TokenizeResult & { newKey: string }>);
    // An error class `tokenize` may reject with: neither its name nor the host's way back to it.
    // @ts-expect-error the channel cannot carry a `NewError`
    void (NAMES satisfies Record<keyof TokenizeErrors | 'AbortError' | 'NewError', 1>);
    // @ts-expect-error the host cannot rebuild a `NewError`
    void (ERRORS_FROM_WIRE satisfies Record<keyof TokenizeErrors | 'AbortError' | 'NewError', unknown>);
    // A setting declared without its check.
    // @ts-expect-error a row needs a check
    void row({ attribute: 'new-setting', kind: 'text', default: '', limit: 'text', otherwise: 'default', cross: true });
    // A setting the form reads that the table does not declare.
    // @ts-expect-error the table has no `newSetting`
    void (true satisfies DeclaredFor<FormSettings & { newSetting: string }>);
    // A setting used but not declared.
    // @ts-expect-error `newSetting` is not a setting
    void ('' satisfies SettingValue<'newSetting'>);
    // And the declarations as they are compile.
    void row({ attribute: 'new-setting', kind: 'text', default: '', check: string(10), limit: 'text', otherwise: 'default', cross: true });
    void (true satisfies DeclaredFor<FormSettings>);
    void (MESSAGE_CHECKS satisfies MessageChecks<Messages>);
    void (NAMES satisfies Record<keyof TokenizeErrors | 'AbortError', 1>);
    void (ERRORS_FROM_WIRE satisfies Record<keyof TokenizeErrors | 'AbortError', unknown>);
  });

  it('are the tables the checks run', () => {
    for (const key of Object.keys(MESSAGE_CHECKS)) expect(validMessages({ [key]: 1 }), key).to.deep.equal({});
    expect(validMessages({ unknownSentence: 'a', submit: 'Pagar' })).to.deep.equal({ submit: 'Pagar' });
    for (const name of Object.keys(ERRORS_FROM_WIRE)) expect(wireError({ name }), name).to.equal(true);
    expect(Object.keys(NAMES)).to.have.members(Object.keys(ERRORS_FROM_WIRE));
    expect(wireError({ name: 'RangeError' })).to.equal(false);
    // Every setting that crosses is in the frame's check, under the key it crosses as.
    const crossing = Object.entries(SETTINGS).filter(([, setting]) => setting.cross !== false);
    expect(crossing.map(([name, setting]) => (typeof setting.cross === 'string' ? setting.cross : name))).to.include.members([
      'lang',
      'installments',
      'collectTaxId',
      'publicKey',
      'messages',
    ]);
    const settings = {
      lang: 'en',
      messages: null,
      acceptedBrands: '',
      installments: null,
      collectTaxId: false,
      publicKey: '',
      hideSubmit: false,
      hideSuccess: false,
      showBrands: false,
      submitLabel: '',
      theme: 'light',
      disabled: false,
      unavailable: false,
      variables: {},
    };
    expect(settingsMessage({ v: 1, type: 'settings', settings })).to.equal(true);
    expect(settingsMessage({ v: 1, type: 'settings', settings: { ...settings, installments: 'x'.repeat(1001) } })).to.equal(false);
    expect(settingsMessage({ v: 1, type: 'settings', settings: { ...settings, newSetting: 1 } })).to.equal(false);
  });
});
