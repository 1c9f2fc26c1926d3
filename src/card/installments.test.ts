import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generatedVectors } from '../../test/generated-vectors.js';
import { installmentOptions, InstallmentConfigError, type InstallmentConfig, type InstallmentOption } from './installments.js';

/** One option as the generator writes it: [count, installment, firstInstallment, total, interestFree]. */
type Row = [number, number, number, number, boolean];
interface Vector {
  config: InstallmentConfig;
  options: Row[];
}

const vectors = generatedVectors<Vector[]>(new URL('./installments.vectors.py', import.meta.url));
const toRow = (o: InstallmentOption): Row => [o.count, o.installment, o.firstInstallment, o.total, o.interestFree];

const BASE: InstallmentConfig = { amount: 15990, maxInstallments: 12, interestFree: 4, monthlyRate: '1.99', minInstallment: 500 };

describe('installmentOptions', () => {
  it('matches every vector computed independently with exact decimals', () => {
    assert.ok(vectors.length > 400, 'the vectors are there');
    for (const v of vectors) {
      assert.deepEqual(installmentOptions(v.config).map(toRow), v.options, JSON.stringify(v.config));
    }
  });

  it('keeps the four keys and the worked examples of docs/installments.md', () => {
    const options = installmentOptions(BASE);
    const four = options.find((o) => o.count === 4)!;
    assert.deepEqual(four, { count: 4, installment: 3997, firstInstallment: 3999, total: 15990, interestFree: true });
    assert.equal(four.firstInstallment + 3 * four.installment, 15990);
    // 5× at 1,99 % a.m.: 15990 × 0.0199 ÷ (1 − 1.0199^−5) = 3391.428… → R$ 33,91, total R$ 169,55.
    assert.deepEqual(
      options.find((o) => o.count === 5),
      { count: 5, installment: 3391, firstInstallment: 3391, total: 16955, interestFree: false },
    );
    // R$ 5,00 minimum: 12× at 1,99 % is R$ 15,11, still offered.
    assert.deepEqual(
      options.map((o) => o.count),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    );
  });

  it('leaves out counts under the minimum, but always offers 1×', () => {
    assert.deepEqual(
      installmentOptions({ ...BASE, amount: 1999 }).map((o) => o.count),
      [1, 2, 3],
    );
    assert.deepEqual(
      installmentOptions({ ...BASE, amount: 100 }).map((o) => o.count),
      [1],
    );
    assert.deepEqual(installmentOptions({ ...BASE, amount: 1, minInstallment: 0 }), [
      { count: 1, installment: 1, firstInstallment: 1, total: 1, interestFree: true },
    ]);
  });

  it('treats every count as sem juros when the rate is "0"', () => {
    const options = installmentOptions({ ...BASE, monthlyRate: '0', interestFree: 1, minInstallment: 0 });
    assert.ok(options.every((o) => o.interestFree && o.total === 15990));
    assert.equal(options.length, 12);
  });

  it('has no float drift on large amounts', () => {
    const [one, , , , , , , , , , , twelve] = installmentOptions({ ...BASE, amount: 999_999_999_99, interestFree: 1 });
    assert.equal(one!.total, 999_999_999_99);
    assert.ok(Number.isSafeInteger(twelve!.total));
  });

  it('refuses a bad config with the option it names, before computing', () => {
    const bad: [Partial<Record<keyof InstallmentConfig, unknown>>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ amount: 159.9 }, 'amount'],
      [{ amount: '15990' }, 'amount'],
      [{ amount: Number.NaN }, 'amount'],
      [{ amount: 10 ** 13 }, 'amount'],
      [{ maxInstallments: 0 }, 'maxInstallments'],
      [{ maxInstallments: 25 }, 'maxInstallments'],
      [{ maxInstallments: 2.5 }, 'maxInstallments'],
      [{ interestFree: 0 }, 'interestFree'],
      [{ interestFree: 13 }, 'interestFree'],
      [{ minInstallment: -1 }, 'minInstallment'],
      [{ minInstallment: undefined }, 'minInstallment'],
      [{ monthlyRate: 1.99 }, 'monthlyRate'],
      [{ monthlyRate: '1,99' }, 'monthlyRate'],
      [{ monthlyRate: 'abc' }, 'monthlyRate'],
      [{ monthlyRate: '-1' }, 'monthlyRate'],
      [{ monthlyRate: '' }, 'monthlyRate'],
      [{ monthlyRate: '1.' }, 'monthlyRate'],
      [{ monthlyRate: '.5' }, 'monthlyRate'],
      [{ monthlyRate: '1e2' }, 'monthlyRate'],
      [{ monthlyRate: ' 1.99' }, 'monthlyRate'],
      [{ monthlyRate: '1.99999' }, 'monthlyRate'],
      [{ monthlyRate: '50.0001' }, 'monthlyRate'],
      [{ monthlyRate: '99' }, 'monthlyRate'],
      [{ monthlyRate: '9'.repeat(10_000) }, 'monthlyRate'],
    ];
    for (const [change, option] of bad) {
      assert.throws(
        () => installmentOptions({ ...BASE, ...change } as InstallmentConfig),
        (e: unknown) => e instanceof InstallmentConfigError && e.option === option && e.name === 'InstallmentConfigError',
        JSON.stringify(change).slice(0, 80),
      );
    }
    for (const config of [null, undefined, 'x', 42]) {
      assert.throws(
        () => installmentOptions(config as unknown as InstallmentConfig),
        (e: unknown) => e instanceof InstallmentConfigError,
      );
    }
    assert.doesNotThrow(() => installmentOptions({ ...BASE, monthlyRate: '50' }));
  });
});
