import { assert } from '@open-wc/testing';
import { FIELDS } from '../card/field-names.js';
import type { MessageOverrides } from '../form/messages.js';
import { validMessages } from './message-checks.js';
import { packMessages, unpackMessages } from './message-templates.js';

/** Packs on the host, crosses as `postMessage` would, checks and unpacks in the frame. */
function cross(overrides: MessageOverrides | null): MessageOverrides | null {
  const packed = structuredClone(packMessages(overrides));
  assert.deepEqual(validMessages(packed), packed, 'the frame keeps every sentence the host packs');
  return unpackMessages(packed);
}

it('no overrides cross as none', () => {
  assert.strictEqual(packMessages(null), null);
  assert.strictEqual(unpackMessages(null), null);
});

it('text overrides cross as they are; values left null or undefined stay behind', () => {
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

it('function overrides cross as templates and say in the frame what they say on the host', () => {
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
    assert.strictEqual(back.notAccepted!(brand), overrides.notAccepted(brand));
    assert.strictEqual(back.brandDetected!(brand), overrides.brandDetected(brand));
    assert.strictEqual(back.tokenized!(brand, '1111'), overrides.tokenized(brand, '1111'));
    assert.strictEqual(back.saved!(brand, '0004'), overrides.saved(brand, '0004'));
  }
  const invalid = back.errors!.invalid as (noun: string, field: string) => string;
  for (const field of FIELDS)
    assert.strictEqual(invalid('o número do cartão', field), overrides.errors.invalid('o número do cartão', field), field);
  assert.strictEqual(back.errors!.required, 'Obrigatório.');
});

it('fixErrors crosses once per count, one to four; counts outside that say the nearest', () => {
  const fixErrors = (count: number) => (count === 1 ? 'Corrija 1 campo.' : `Corrija ${count} campos.`);
  const packed = packMessages({ fixErrors });
  assert.deepEqual(packed?.fixErrors, ['Corrija 1 campo.', 'Corrija 2 campos.', 'Corrija 3 campos.', 'Corrija 4 campos.']);
  const back = cross({ fixErrors })!.fixErrors!;
  for (const count of [1, 2, 3, 4]) assert.strictEqual(back(count), fixErrors(count));
  assert.strictEqual(back(0), fixErrors(1));
  assert.strictEqual(back(9), fixErrors(4));
});
