import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FIELDS } from '../card/card-fields.js';
import type { MessageOverrides } from '../element/messages.js';
import { packMessages } from './pack-messages.js';
import { packedMessages, unpackMessages } from './packed-messages.js';

/** Packs on the host, crosses as `postMessage` would, checks and unpacks in the frame. */
function cross(overrides: MessageOverrides | null): MessageOverrides | null {
  const packed = structuredClone(packMessages(overrides));
  assert.ok(packed === null || packedMessages(packed), 'the frame accepts what the host packs');
  return unpackMessages(packed);
}

test('no overrides cross as none', () => {
  assert.equal(packMessages(null), null);
  assert.equal(unpackMessages(null), null);
});

test('text overrides cross as they are; values left null or undefined stay behind', () => {
  const overrides: MessageOverrides = {
    labels: { number: 'Número', cvv: 'CVV' },
    nouns: { number: 'o número' },
    submit: 'Pagar',
    busy: 'Aguarde',
    errors: { required: 'Obrigatório.', expired: 'Vencido.' },
    brandNames: { visa: 'VISA', elo: 'ELO' },
    unavailable: 'Indisponível.',
    failure: { network: 'Sem rede.', api: 'Recusado.' },
  };
  assert.deepEqual(cross(overrides), overrides);
  const sparse = { labels: { number: 'Número', cvv: undefined }, submit: undefined, busy: null } as unknown as MessageOverrides;
  assert.deepEqual(cross(sparse), { labels: { number: 'Número' } });
});

test('function overrides cross as templates and say in the frame what they say on the host', () => {
  const overrides = {
    notAccepted: (brand: string) => `Não aceitamos ${brand}.`,
    brandDetected: (brand: string) => `Bandeira: ${brand}`,
    tokenized: (brand: string, lastFour: string) => `${brand} final ${lastFour} aceito.`,
    // The arguments in the other order, and one twice: each lands where the function put it.
    saved: (brand: string, lastFour: string) => `•••• ${lastFour} (${brand}, ${brand})`,
    errors: {
      invalid: (noun: string, field: string) => (field === 'cvv' ? 'Código inválido.' : `Confira ${noun}.`),
      required: 'Obrigatório.',
    },
  } satisfies MessageOverrides;
  const back = cross(overrides)!;
  // Text that means something to `String.prototype.replace` crosses as text.
  for (const brand of ['Visa', 'American Express', 'A$&B', "$'", '']) {
    assert.equal(back.notAccepted!(brand), overrides.notAccepted(brand));
    assert.equal(back.brandDetected!(brand), overrides.brandDetected(brand));
    assert.equal(back.tokenized!(brand, '1111'), overrides.tokenized(brand, '1111'));
    assert.equal(back.saved!(brand, '0004'), overrides.saved(brand, '0004'));
  }
  const invalid = back.errors!.invalid as (noun: string, field: string) => string;
  for (const field of FIELDS)
    assert.equal(invalid('o número do cartão', field), overrides.errors.invalid('o número do cartão', field), field);
  assert.equal(back.errors!.required, 'Obrigatório.');
});

test('fixErrors crosses once per count, one to four; counts outside that say the nearest', () => {
  const fixErrors = (count: number) => (count === 1 ? 'Corrija 1 campo.' : `Corrija ${count} campos.`);
  const packed = packMessages({ fixErrors });
  assert.deepEqual(packed?.fixErrors, ['Corrija 1 campo.', 'Corrija 2 campos.', 'Corrija 3 campos.', 'Corrija 4 campos.']);
  const back = cross({ fixErrors })!.fixErrors!;
  for (const count of [1, 2, 3, 4]) assert.equal(back(count), fixErrors(count));
  assert.equal(back(0), fixErrors(1));
  assert.equal(back(9), fixErrors(4));
});
