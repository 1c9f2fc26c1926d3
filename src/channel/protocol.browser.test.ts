/**
 * The channel's checks on real messages, cloned as `postMessage` clones
 * them: every valid message of each type is taken, at its limits; each
 * hostile change to one (a key more or less, a value of the wrong kind, a
 * text one unit too long, an object that is not plain) is refused.
 */
import { expect } from '@open-wc/testing';
import { BRANDS } from '../card/brand.js';
import { CARD_ERROR_PATHS } from '../card/types.js';
import { FORM_FIELDS } from '../form/form-fields.js';
import { PROBLEMS } from '../form/problems.js';
import {
  errorMessage,
  eventMessage,
  fromFrame,
  helloMessage,
  pressedMessage,
  reportMessage,
  resultMessage,
  sizeMessage,
} from './from-frame.js';
import { MESSAGE_CHECKS, validMessages } from './message-checks.js';
import { LIMITS } from './protocol.js';
import type { Check } from './schema.js';
import { THEME_VARIABLES } from './theme-variables.js';
import { commandMessage, connectMessage, keyMessage, pointAtMessage, settingsMessage, tokenizeMessage, toFrame } from './to-frame.js';
import { wireError } from './wire-errors.js';

const text = (length: number) => 'ã'.repeat(length);
const state = { valid: false, error: text(LIMITS.sentence) };
const fieldSentences = () => Object.fromEntries(FORM_FIELDS.map((field) => [field, text(LIMITS.sentence)]));

/** Every sentence overridden, each at its limit. */
const fullMessages = {
  labels: fieldSentences(),
  nouns: fieldSentences(),
  placeholders: fieldSentences(),
  submit: text(LIMITS.sentence),
  busy: 'b',
  busyExplanation: '',
  errors: Object.fromEntries(PROBLEMS.map((problem, i) => [problem, i % 2 ? 'x' : fieldSentences()])),
  brandNames: Object.fromEntries(BRANDS.map((brand) => [brand, text(LIMITS.sentence)])),
  acceptedBrands: 'Cartões',
  notAccepted: '\u0000 não',
  brandDetected: '\u0000',
  fixErrors: ['1', '2', '3', '4'],
  tokenized: '\u0000 \u0001',
  saved: '\u0001',
  unavailable: 'u',
  failure: { network: 'n', authentication: 'a', api: 'p' },
  installments: { label: text(LIMITS.sentence), free: '\u0000x \u0001', interest: '\u0000 \u0001 \u0002', gone: 'g', changed: 'c' },
};

const settings = {
  lang: text(LIMITS.lang),
  messages: fullMessages,
  acceptedBrands: text(LIMITS.acceptedBrands),
  installments: { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500, amount: 15990 },
  collectTaxId: true,
  publicKey: text(LIMITS.publicKey),
  disabled: false,
  unavailable: true,
  hideSubmit: false,
  hideSuccess: true,
  showBrands: false,
  submitLabel: text(LIMITS.submitLabel),
  theme: 'auto',
  variables: Object.fromEntries(Object.keys(THEME_VARIABLES).map((name) => [name, text(LIMITS.themeValue)])),
};

/** One valid message of each kind, with the check that must take it. */
const VALID: [string, Check<unknown>, Record<string, unknown>][] = [
  ['connect', connectMessage, { v: 1, type: 'connect' }],
  ['hello', helloMessage, { v: 1, type: 'hello' }],
  ['settings', settingsMessage, { v: 1, type: 'settings', settings }],
  [
    'settings without overrides',
    settingsMessage,
    { v: 1, type: 'settings', settings: { ...settings, messages: null, variables: {}, installments: null, collectTaxId: false } },
  ],
  ['tokenize', tokenizeMessage, { v: 1, type: 'tokenize', id: Number.MAX_SAFE_INTEGER }],
  ...(['reset', 'show-errors', 'focus'] as const).map((type): [string, Check<unknown>, Record<string, unknown>] => [
    type,
    commandMessage,
    { v: 1, type },
  ]),
  ['point-at', pointAtMessage, { v: 1, type: 'point-at', x: 100_000, y: 0 }],
  ['key', keyMessage, { v: 1, type: 'key', text: '\u{1F600}' }],
  [
    'report',
    reportMessage,
    {
      v: 1,
      type: 'report',
      report: {
        detail: {
          complete: false,
          empty: false,
          brand: 'elo',
          fields: { number: state, holderName: state, expiry: state, cvv: state, taxId: state },
          plan: {
            count: 24,
            installment: Number.MAX_SAFE_INTEGER,
            firstInstallment: 0,
            total: Number.MAX_SAFE_INTEGER,
            interestFree: true,
          },
          taxId: { kind: 'cnpj', value: '12ABC34501DE35' },
        },
        invalid: { field: 'taxId', message: text(LIMITS.sentence) },
        problem: text(LIMITS.problem),
      },
    },
  ],
  [
    'report without the plan or the document',
    reportMessage,
    {
      v: 1,
      type: 'report',
      report: {
        detail: {
          complete: true,
          empty: false,
          brand: null,
          fields: { number: state, holderName: state, expiry: state, cvv: state },
          plan: null,
          taxId: null,
        },
        invalid: null,
        problem: null,
      },
    },
  ],
  [
    'result',
    resultMessage,
    {
      v: 1,
      type: 'result',
      id: 1,
      result: {
        token: 'tok_1',
        brand: 'hipercard',
        lastFourDigits: '0004',
        firstSixDigits: '606282',
        expirationMonth: '12',
        expirationYear: '2031',
      },
    },
  ],
  ...[...CARD_ERROR_PATHS, 'customer.tax_id'].map((field): [string, Check<unknown>, Record<string, unknown>] => [
    `error on ${field}`,
    errorMessage,
    { v: 1, type: 'error', id: 2, error: { name: 'ValidationError', field, reason: 'invalid_cvv_length' } },
  ]),
  ['api error', errorMessage, { v: 1, type: 'error', id: 3, error: { name: 'ApiError', code: -1e9, status: 999 } }],
  ['size', sizeMessage, { v: 1, type: 'size', height: 10000 }],
  ['pressed', pressedMessage, { v: 1, type: 'pressed', at: 1_795_860_197_953 }],
  ...(['ready', 'edited', 'submitted'] as const).map((type): [string, Check<unknown>, Record<string, unknown>] => [
    type,
    eventMessage,
    { v: 1, type },
  ]),
];

/** Every object inside `value`, with the path to it. */
function objects(value: unknown, path = 'message'): [string, Record<string, unknown>][] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return [[path, value as Record<string, unknown>], ...Object.entries(value).flatMap(([key, item]) => objects(item, `${path}.${key}`))];
}

/** Every string inside `value`, with the path to it. */
function strings(value: unknown, path = 'message'): string[] {
  if (typeof value === 'string') return [path];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
}

type Node = Record<string, unknown>;

/** The value at `path` in `root`. */
const nodeAt = (root: unknown, path: string): Node =>
  path
    .split('.')
    .slice(1)
    .reduce((node, key) => node[key] as Node, root as Node);

/** The object that holds the value at `path`, and its key there. */
function parentAt(root: unknown, path: string): [Node, string] {
  const cut = path.lastIndexOf('.');
  return [nodeAt(root, path.slice(0, cut)), path.slice(cut + 1)];
}

/**
 * What a message's own check decides. The overrides inside `settings` are the frame's to sort,
 * sentence by sentence (below); the plan's settings are `installmentOptions`' to check, where the form
 * runs, and whatever it refuses is named back to the page (`purchase-fields.browser.test.ts`).
 */
const structural = <T>(found: T[]) =>
  found.filter((item) => !/\.(messages|installments)(\.|$)/.test(String(Array.isArray(item) ? item[0] : item)));

const either = (message: unknown) => toFrame(message) || fromFrame(message);

describe('the frame channel', () => {
  for (const [name, check, message] of VALID) {
    describe(name, () => {
      it('is taken, at its limits, by its check and by the direction it travels', () => {
        const cloned = structuredClone(message);
        expect(check(cloned)).to.equal(true);
        // `connect` goes to the frame's window, and `hello` to the page's, not over the port.
        expect(either(cloned)).to.equal(name !== 'connect' && name !== 'hello');
      });

      it('is refused with a key the protocol does not name, at any depth', () => {
        for (const [path] of structural(objects(message))) {
          for (const key of ['extra', 'constructor', 'toString', '__proto__']) {
            const changed = structuredClone(message);
            Object.defineProperty(nodeAt(changed, path), key, { value: 1, enumerable: true });
            expect(check(structuredClone(changed)), `${path}.${key}`).to.equal(false);
          }
        }
      });

      it('is refused without any of its keys that must be there', () => {
        for (const [path, node] of structural(objects(message))) {
          for (const key of Object.keys(node)) {
            const changed = structuredClone(message);
            delete nodeAt(changed, path)[key];
            // Only theme variables, an error's details and the document's state (a form without it) may be left out.
            const optional =
              path.endsWith('.variables') || (path.endsWith('.error') && key !== 'name') || (path.endsWith('.fields') && key === 'taxId');
            expect(check(structuredClone(changed)), `${path} without ${key}`).to.equal(optional);
          }
        }
      });

      it('is refused with any text past its limit, or anything but text', () => {
        for (const path of structural(strings(message))) {
          const [node, key] = parentAt(message, path);
          const value = node[key] as string;
          if (key === 'type') continue;
          for (const bad of [`${value}${'x'.repeat(Math.max(1, 301 - value.length))}`, 1, true, [value], { value }]) {
            const changed = structuredClone(message);
            const [target] = parentAt(changed, path);
            target[key] = bad;
            expect(check(changed), `${path} = ${JSON.stringify(bad).slice(0, 40)}`).to.equal(false);
          }
        }
      });

      it('is refused with another version, or as anything but a plain object', () => {
        for (const v of [0, 2, '1', null, 1.5]) expect(check({ ...structuredClone(message), v })).to.equal(false);
        expect(check(Object.assign(Object.create(null), structuredClone(message)))).to.equal(false);
        expect(check(Object.create(structuredClone(message)))).to.equal(false);
        expect(check([structuredClone(message)])).to.equal(false);
      });
    });
  }

  it('refuses what is no message at all', () => {
    for (const value of [null, undefined, 0, NaN, '', 'ready', true, [], {}, new Date(0), new Map([['v', 1]]), /x/, new Uint8Array(4)])
      expect(either(structuredClone(value)), String(value)).to.equal(false);
  });

  it('takes the plan settings as a plain object, and nothing else: the host turns text that is not JSON into a ConfigurationError', () => {
    const withPlan = (installments: unknown) => settingsMessage({ v: 1, type: 'settings', settings: { ...settings, installments } });
    expect(withPlan(structuredClone({ ...settings.installments }))).to.equal(true);
    for (const bad of ['{maxInstallments: 12}', 'x'.repeat(1001), 1, true, [], new Date(0), new Map()])
      expect(withPlan(structuredClone(bad)), String(bad).slice(0, 20)).to.equal(false);
  });

  it('refuses a number out of range', () => {
    for (const id of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1])
      expect(tokenizeMessage({ v: 1, type: 'tokenize', id }), String(id)).to.equal(false);
    for (const height of [-1, 10001, 0.5]) expect(sizeMessage({ v: 1, type: 'size', height }), String(height)).to.equal(false);
    for (const at of [-1, 0.5, Number.MAX_SAFE_INTEGER + 1])
      expect(pressedMessage({ v: 1, type: 'pressed', at }), String(at)).to.equal(false);
  });

  it('counts text as `.length` does, so emoji cannot run past a limit', () => {
    expect(validMessages({ submit: '💳'.repeat(LIMITS.sentence / 2) })).to.have.key('submit');
    expect(validMessages({ submit: `${'💳'.repeat(LIMITS.sentence / 2)}a` })).to.deep.equal({});
  });

  describe('the overrides, in the frame', () => {
    it('keeps every sentence the Messages type allows, at its limit', () => {
      expect(validMessages(structuredClone(fullMessages))).to.deep.equal(fullMessages);
      expect(Object.keys(fullMessages)).to.have.members(Object.keys(MESSAGE_CHECKS));
    });

    it('drops a sentence with any text past its limit, or anything but text, and keeps the rest', () => {
      for (const path of strings(fullMessages)) {
        const key = path.split('.')[1]!;
        const { [key]: _dropped, ...rest } = fullMessages as Record<string, unknown>;
        for (const bad of [text(LIMITS.sentence + 1), 1, true, ['a'], { a: 'a' }]) {
          const changed = structuredClone(fullMessages);
          const [target, last] = parentAt(changed, path);
          target[last] = bad;
          expect(validMessages(changed), `${path} = ${JSON.stringify(bad).slice(0, 20)}`).to.deep.equal(rest);
        }
      }
    });

    it('drops a key that names no sentence, or a sentence of the wrong shape', () => {
      const refused: Record<string, unknown>[] = [
        { fixErrors: ['a', 'b', 'c'] },
        { fixErrors: ['a', 'b', 'c', 'd', 'e'] },
        { fixErrors: new Array<string>(4) },
        { errors: { required: { number: 'a', holderName: 'b', expiry: 'c' } } },
        { errors: { unknownProblem: 'a' } },
        { labels: { pan: 'a' } },
        { failure: { offline: 'a' } },
        { submitt: 'a' },
        { constructor: 'a' },
      ];
      for (const overrides of refused)
        expect(validMessages(structuredClone({ ...overrides, busy: 'b' })), JSON.stringify(overrides)).to.deep.equal({ busy: 'b' });
    });
  });

  it('lets no text cross as an error: only names and tokens', () => {
    for (const error of [
      { name: 'ApiError', code: 'card declined' },
      { name: 'ApiError', code: 'x'.repeat(41) },
      { name: 'ApiError', message: 'From the server' },
      { name: 'TypeError' },
      { name: 'ValidationError', field: 'card.pan' },
    ])
      expect(wireError(error), JSON.stringify(error)).to.equal(false);
  });
});
