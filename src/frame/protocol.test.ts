/**
 * The frame channel's hand-written checks (schema.ts, protocol.ts) held to
 * zod schemas of the same messages, written here from the protocol's
 * description: on a few hundred generated messages, valid and hostile, each
 * check and its schema must agree. Every message first goes through
 * `structuredClone`, as `postMessage` would send it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { z } from 'zod';
import { BRANDS } from '../card/brands.js';
import { FIELDS } from '../card/card-fields.js';
import { seeded } from '../../test/hostile-requests.js';
import { packedMessages } from './packed-messages.js';
import { errorMessage, eventMessage, fromFrame, reportMessage, resultMessage, sizeMessage } from './from-frame.js';
import { commandMessage, connectMessage, settingsMessage, tokenizeMessage, toFrame } from './to-frame.js';
import type { Check } from './schema.js';
import { wireError } from './wire-errors.js';

// ---- The oracle: the messages as zod schemas. ----

/** What structured clone makes of an object literal; a Date or a Map arrives as itself, and is no message. */
const isPlain = (value: unknown) => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
const plain = (schema: z.ZodType<unknown, object>) => z.custom<object>(isPlain).pipe(schema);
const strict = <S extends z.core.$ZodLooseShape>(shape: S) => plain(z.strictObject(shape));
/** Some of `keys`, none other, each present with a value. (Not `partialRecord`: zod's records drop an own `__proto__` key without a word.) */
const some = (keys: readonly string[], value: z.ZodType) => strict(Object.fromEntries(keys.map((key) => [key, value.exactOptional()])));
/** At most `max` UTF-16 units, as `.length` counts (zod's own `max` counts code points, which lets a string of emoji run twice as long). */
const text = (max: number) => z.string().refine((value) => value.length <= max);
const int = (min: number, max: number) => z.int().min(min).max(max);
const digits = (count: number) => z.string().regex(new RegExp(`^[0-9]{${count}}$`));
const token = z.string().regex(/^[A-Za-z0-9_]{1,40}$/);
const message = <T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  strict({ v: z.literal(1), type: z.literal(type), ...shape });

const PROBLEMS = ['required', 'incomplete', 'invalid', 'expired', 'unsupported', 'tooLong'] as const;
const ERROR_NAMES = [
  'ValidationError',
  'AuthenticationError',
  'ApiError',
  'NetworkError',
  'TimeoutError',
  'ConfigurationError',
  'AbortError',
] as const;
const CARD_FIELDS = ['card.number', 'card.holderName', 'card.expirationMonth', 'card.expirationYear', 'card.cvv'] as const;
const VARIABLES = [
  '--pay-color-primary',
  '--pay-color-on-primary',
  '--pay-color-text',
  '--pay-color-muted',
  '--pay-color-placeholder',
  '--pay-color-background',
  '--pay-color-border',
  '--pay-color-error',
  '--pay-font-family',
  '--pay-font-size',
  '--pay-radius',
  '--pay-spacing',
  '--pay-padding',
];
const fieldTexts = some(FIELDS, text(300));

const zPacked = strict({
  labels: fieldTexts.optional(),
  nouns: fieldTexts.optional(),
  placeholders: fieldTexts.optional(),
  submit: text(300).optional(),
  busy: text(300).optional(),
  busyExplanation: text(300).optional(),
  errors: some(
    PROBLEMS,
    z.union([text(300), strict({ number: text(300), holderName: text(300), expiry: text(300), cvv: text(300) })]),
  ).optional(),
  brandNames: some(BRANDS, text(40)).optional(),
  notAccepted: text(300).optional(),
  brandDetected: text(300).optional(),
  fixErrors: z.array(text(300)).length(4).optional(),
  tokenized: text(300).optional(),
  saved: text(300).optional(),
  unavailable: text(300).optional(),
  failure: some(['network', 'authentication', 'api'], text(300)).optional(),
});
const zWireError = strict({
  name: z.enum(ERROR_NAMES),
  field: z.enum(CARD_FIELDS).optional(),
  reason: token.optional(),
  code: z.union([int(-1e9, 1e9), token]).optional(),
  status: int(0, 999).optional(),
  timeoutMs: int(0, 36e5).optional(),
});
const zSettings = message('settings', {
  settings: strict({
    lang: text(40),
    messages: zPacked.nullable(),
    acceptedBrands: text(200),
    publicKey: text(200),
    disabled: z.boolean(),
    unavailable: z.boolean(),
    hideSubmit: z.boolean(),
    hideSuccess: z.boolean(),
    showBrands: z.boolean(),
    submitLabel: text(100),
    theme: z.enum(['light', 'dark', 'auto']),
    variables: some(VARIABLES, text(200)),
  }),
});
const zTokenize = message('tokenize', { id: int(1, Number.MAX_SAFE_INTEGER) });
const zCommand = strict({ v: z.literal(1), type: z.enum(['reset', 'show-errors', 'focus']) });
const fieldState = strict({ valid: z.boolean(), error: text(300).nullable() });
const zReport = message('report', {
  report: strict({
    detail: strict({
      complete: z.boolean(),
      empty: z.boolean(),
      brand: z.enum(BRANDS).nullable(),
      fields: strict({ number: fieldState, holderName: fieldState, expiry: fieldState, cvv: fieldState }),
    }),
    invalid: strict({ field: z.enum(FIELDS), message: text(300) }).nullable(),
  }),
});
const zResult = message('result', {
  id: int(1, Number.MAX_SAFE_INTEGER),
  result: strict({
    token: text(200),
    brand: z.enum(BRANDS),
    lastFourDigits: digits(4),
    firstSixDigits: digits(6),
    expirationMonth: digits(2),
    expirationYear: digits(4),
  }),
});
const zError = message('error', { id: int(1, Number.MAX_SAFE_INTEGER), error: zWireError });
const zSize = message('size', { height: int(0, 10000) });
const zEvent = strict({ v: z.literal(1), type: z.enum(['ready', 'edited', 'submitted']) });

/** Each hand-written check beside its schema. */
const PAIRS: [string, Check<unknown>, z.ZodType][] = [
  ['connect', connectMessage, message('connect', {})],
  ['settings', settingsMessage, zSettings],
  ['tokenize', tokenizeMessage, zTokenize],
  ['command', commandMessage, zCommand],
  ['toFrame', toFrame, z.union([zSettings, zTokenize, zCommand])],
  ['report', reportMessage, zReport],
  ['result', resultMessage, zResult],
  ['error', errorMessage, zError],
  ['size', sizeMessage, zSize],
  ['event', eventMessage, zEvent],
  ['fromFrame', fromFrame, z.union([zReport, zResult, zError, zSize, zEvent])],
  ['packedMessages', packedMessages, zPacked],
  ['wireError', wireError, zWireError],
];

// ---- The generator: valid messages, then hostile changes to them. ----

const random = seeded(0x5eed11);
const below = (n: number) => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;
const chance = (p: number) => random() < p;
const CHARS = ['a', 'Z', '0', '9', ' ', '_', '-', '.', 'ã', 'ç', '€', '💳', '\u0000', '<', '"', '\n'];
/** A string of about `max` UTF-16 units: empty, short, at the limit, now and then just past it. */
const str = (max: number) => {
  const length = chance(0.03) ? max + 1 : pick([0, 1, below(max + 1), max]);
  let out = '';
  while (out.length < length) out += pick(CHARS);
  return out.slice(0, length);
};
const numeric = (count: number) => Array.from({ length: count }, () => String(below(10))).join('');
const someOf = <K extends string>(keys: readonly K[], value: () => unknown) =>
  Object.fromEntries(keys.filter(() => chance(0.5)).map((key) => [key, value()]));
const maybe = <T>(value: () => T): T | undefined => (chance(0.5) ? value() : undefined);
const defined = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

const packed = () =>
  defined({
    labels: maybe(() => someOf(FIELDS, () => str(300))),
    nouns: maybe(() => someOf(FIELDS, () => str(300))),
    submit: maybe(() => str(300)),
    errors: maybe(() => someOf(PROBLEMS, () => (chance(0.5) ? str(300) : Object.fromEntries(FIELDS.map((field) => [field, str(300)]))))),
    brandNames: maybe(() => someOf(BRANDS, () => str(40))),
    notAccepted: maybe(() => str(300)),
    fixErrors: maybe(() => [str(300), str(300), str(300), str(300)]),
    failure: maybe(() => someOf(['network', 'authentication', 'api'], () => str(300))),
  });
const wire = () =>
  defined({
    name: pick(ERROR_NAMES),
    field: maybe(() => pick(CARD_FIELDS)),
    reason: maybe(() => pick(['required', 'invalid_cvv_length', 'expired'])),
    code: maybe(() => (chance(0.5) ? below(2e9) - 1e9 : pick(['card_declined', '1001', 'x'.repeat(40)]))),
    status: maybe(() => below(1000)),
    timeoutMs: maybe(() => below(36e5)),
  });
const state = () => ({ valid: chance(0.5), error: chance(0.5) ? null : str(300) });

const VALID: (() => unknown)[] = [
  () => ({ v: 1, type: 'connect' }),
  () => ({
    v: 1,
    type: 'settings',
    settings: {
      lang: str(40),
      messages: chance(0.3) ? null : packed(),
      acceptedBrands: str(200),
      publicKey: str(200),
      disabled: chance(0.5),
      unavailable: chance(0.5),
      hideSubmit: chance(0.5),
      hideSuccess: chance(0.5),
      showBrands: chance(0.5),
      submitLabel: str(100),
      theme: pick(['light', 'dark', 'auto']),
      variables: someOf(VARIABLES, () => str(200)),
    },
  }),
  () => ({ v: 1, type: 'tokenize', id: pick([1, below(1e6) + 1, Number.MAX_SAFE_INTEGER]) }),
  () => ({ v: 1, type: pick(['reset', 'show-errors', 'focus']) }),
  () => ({
    v: 1,
    type: 'report',
    report: {
      detail: {
        complete: chance(0.5),
        empty: chance(0.5),
        brand: chance(0.3) ? null : pick(BRANDS),
        fields: { number: state(), holderName: state(), expiry: state(), cvv: state() },
      },
      invalid: chance(0.5) ? null : { field: pick(FIELDS), message: str(300) },
    },
  }),
  () => ({
    v: 1,
    type: 'result',
    id: below(1e6) + 1,
    result: {
      token: str(200),
      brand: pick(BRANDS),
      lastFourDigits: numeric(4),
      firstSixDigits: numeric(6),
      expirationMonth: numeric(2),
      expirationYear: numeric(4),
    },
  }),
  () => ({ v: 1, type: 'error', id: below(1e6) + 1, error: wire() }),
  () => ({ v: 1, type: 'size', height: pick([0, below(10001), 10000, 10001]) }),
  () => ({ v: 1, type: pick(['ready', 'edited', 'submitted']) }),
  packed,
  wire,
];

/** An own `__proto__` key, as `JSON.parse` makes one (plain assignment would set the prototype instead). */
const protoKey = (value: unknown) => JSON.parse(`{ "__proto__": ${JSON.stringify(value)}, "v": 1, "type": "ready" }`) as object;
const sparse = () => new Array<string>(4);
const HOSTILE: (() => unknown)[] = [
  () => null,
  () => undefined,
  () => NaN,
  () => Infinity,
  () => -Infinity,
  () => -0,
  () => 0,
  () => 1.5,
  () => -1,
  () => 2 ** 53,
  () => 1e9 + 1,
  () => 10n,
  () => '',
  () => '1',
  () => 'x'.repeat(100_000),
  () => '\u0000'.repeat(301),
  () => true,
  () => [],
  () => ['a', 'b', 'c', 'd'],
  () => sparse(),
  () => ({}),
  () => new Date(0),
  () => new Map([['v', 1]]),
  () => /x/,
  () => new Uint8Array(4),
  () => protoKey({ polluted: true }),
  () => ({ constructor: { prototype: { polluted: true } } }),
  () => Object.assign(Object.create(null), { v: 1, type: 'ready' }),
  () => Object.create({ v: 1, type: 'ready' }),
];
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'extra', 'v'];

/** Every object or array inside `value`, with `value` itself. */
function containers(value: unknown, out: (Record<string, unknown> | unknown[])[] = []): (Record<string, unknown> | unknown[])[] {
  if (value && typeof value === 'object') {
    out.push(value as Record<string, unknown>);
    for (const item of Object.values(value)) containers(item, out);
  }
  return out;
}

/** One hostile change somewhere in `message`: a key dropped or added, a value swapped, an object turned into an array, a wrong version or type. */
function mutate(message: unknown): unknown {
  const root = { message };
  const target = pick(containers(message).length ? [root, ...containers(message)] : [root]) as Record<string, unknown>;
  const keys = Object.keys(target);
  const key = keys.length ? pick(keys) : 'message';
  switch (below(7)) {
    case 0:
      delete target[key];
      break;
    case 1:
      Object.defineProperty(target, pick(EXTRA_KEYS), { value: pick(HOSTILE)(), enumerable: true, writable: true, configurable: true });
      break;
    case 2:
      target[key] = [target[key]];
      break;
    case 3:
      if (message && typeof message === 'object') (message as Record<string, unknown>).v = pick([0, 2, '1', 1.0000001, null, -1, 1n]);
      break;
    case 4:
      if (message && typeof message === 'object')
        (message as Record<string, unknown>).type = pick(['', 'READY', 'connect', 'settings', 'tokenize', 'error ', 'constructor']);
      break;
    default:
      target[key] = pick(HOSTILE)();
  }
  return root.message;
}

/** Edges a random walk may miss. */
const EDGES: unknown[] = [
  { fixErrors: sparse() },
  { fixErrors: ['a', 'b', 'c'] },
  { fixErrors: ['a', 'b', 'c', 'd', 'e'] },
  { fixErrors: ['a', 'b', 'c', 4] },
  { errors: { required: { number: 'a', holderName: 'b', expiry: 'c' } } },
  { errors: { required: { number: 'a', holderName: 'b', expiry: 'c', cvv: 'd', pan: 'e' } } },
  { errors: { unknownProblem: 'a' } },
  { submit: '💳'.repeat(150) },
  { submit: `${'💳'.repeat(150)}a` },
  { brandNames: { visa: 'x'.repeat(40) } },
  { brandNames: { visa: 'x'.repeat(41) } },
  { labels: { number: undefined } },
  { v: 1, type: 'size', height: -0 },
  { v: 1, type: 'tokenize', id: Number.MAX_SAFE_INTEGER + 1 },
  {
    v: 1,
    type: 'result',
    id: 1,
    result: {
      token: 't',
      brand: 'visa',
      lastFourDigits: '１１１１',
      firstSixDigits: '411111',
      expirationMonth: '12',
      expirationYear: '2031',
    },
  },
  { v: 1, type: 'error', id: 1, error: { name: 'ApiError', code: 'card declined' } },
  { v: 1, type: 'error', id: 1, error: { name: 'ApiError', code: 'x'.repeat(41) } },
  { v: 1, type: 'error', id: 1, error: { name: 'ApiError', code: 'line\n' } },
  { v: 1, type: 'error', id: 1, error: { name: 'ApiError', message: 'From the server' } },
];

function generate(): unknown[] {
  const messages: unknown[] = [...EDGES, ...HOSTILE.map((make) => make())];
  for (const make of VALID) {
    for (let i = 0; i < 20; i++) messages.push(make());
    for (let i = 0; i < 30; i++) messages.push(mutate(make()));
  }
  return messages.map((message) => structuredClone(message));
}

test('each hand-written check agrees with its zod schema on valid and hostile messages', () => {
  const messages = generate();
  assert.ok(messages.length > 400, `${messages.length} messages`);
  const tally = new Map(PAIRS.map(([name]) => [name, { accepted: 0, refused: 0 }]));
  for (const message of messages) {
    for (const [name, check, schema] of PAIRS) {
      const hand = check(message);
      assert.equal(
        hand,
        schema.safeParse(message).success,
        `${name} disagrees with zod on ${inspect(message, { depth: 6, maxStringLength: 60 })}`,
      );
      tally.get(name)![hand ? 'accepted' : 'refused']++;
    }
  }
  // Not vacuous: every check took some messages and refused others.
  for (const [name, { accepted, refused }] of tally) {
    assert.ok(accepted >= 10 && refused >= 100, `${name}: ${accepted} accepted, ${refused} refused`);
  }
});

test('a message with any key the protocol does not name is refused, whatever the key', () => {
  for (const key of EXTRA_KEYS.filter((name) => name !== 'v')) {
    const message = structuredClone(JSON.parse(`{ "v": 1, "type": "tokenize", "id": 1, ${JSON.stringify(key)}: 1 }`));
    assert.equal(toFrame(message), false, key);
  }
  assert.equal(toFrame(structuredClone({ v: 1, type: 'tokenize', id: 1 })), true);
});
