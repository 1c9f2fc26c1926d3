/**
 * Checks for the frame channel's messages: a handful of combinators that
 * read like a schema and type what they accept. zod/mini would do the same
 * for about 6 KB brotli, half the frame's budget (docs/dependencies.md).
 *
 * A check is declared once, beside the type it guards: either the type is
 * inferred from it ({@link Infer}), or its table `satisfies` the type
 * ({@link ShapeOf}), so a key added to the type and not to the check does
 * not compile.
 *
 * Messages arrive by structured clone, so they are plain data: no getters,
 * no prototypes to fear. Every check still refuses keys it does not know.
 */

/** A check that narrows `unknown` to `T`. */
export type Check<T> = (value: unknown) => value is T;
/** The type a check accepts. */
export type Infer<C> = C extends Check<infer T> ? T : never;
/** A table of checks for every key of `T`, no more and no fewer: write `object({ … } satisfies ShapeOf<T>)`. */
export type ShapeOf<T> = { [K in keyof T]-?: Check<T[K]> };

/** A plain object, whatever its keys. */
export const record: Check<Record<string, unknown>> = (value): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
const isRecord = record;

/** A string of at most `max` characters. */
export const string =
  (max: number): Check<string> =>
  (value): value is string =>
    typeof value === 'string' && value.length <= max;

export const boolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';

/** A whole number from `min` to `max`. */
export const integer =
  (min: number, max: number): Check<number> =>
  (value): value is number =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** One of the given values. */
export const oneOf =
  <const T extends string | number>(values: readonly T[]): Check<T> =>
  (value): value is T =>
    values.includes(value as T);

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value);

/** Either check. */
export const either =
  <A, B>(a: Check<A>, b: Check<B>): Check<A | B> =>
  (value): value is A | B =>
    a(value) || b(value);

/** An array of exactly `length` items. (`every` skips the holes of a sparse array, which structured clone keeps: `Array.from` fills them with `undefined`.) */
export const tuple =
  <T>(check: Check<T>, length: number): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.length === length && Array.from(value).every(check);

/** What an object check accepts: keys whose check admits `undefined` are optional. */
type Shape<S extends Record<string, Check<unknown>>> = {
  [K in keyof S as undefined extends Infer<S[K]> ? never : K]: Infer<S[K]>;
} & { [K in keyof S as undefined extends Infer<S[K]> ? K : never]?: Infer<S[K]> };

/** An object with only these keys, each passing its check. */
export const object =
  <S extends Record<string, Check<unknown>>>(shape: S): Check<Shape<S>> =>
  (value): value is Shape<S> =>
    isRecord(value) &&
    Object.keys(value).every((key) => Object.hasOwn(shape, key)) &&
    Object.keys(shape).every((key) => shape[key]!(value[key]));

/** An object whose keys are some of `keys`, each value passing `check`. */
export const partialRecord =
  <K extends string, T>(keys: readonly K[], check: Check<T>): Check<Partial<Record<K, T>>> =>
  (value): value is Partial<Record<K, T>> =>
    isRecord(value) && Object.entries(value).every(([key, item]) => keys.includes(key as K) && check(item));

/** `undefined`, or what `check` accepts: an optional key. */
export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || check(value);
