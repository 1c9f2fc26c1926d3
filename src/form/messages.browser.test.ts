import { expect } from '@open-wc/testing';
import { ApiError, AuthenticationError, ValidationError } from '../tokenize/errors.js';
import { ConfigurationError, NetworkError, TimeoutError } from '../shared/errors.js';
import { en, failureText, messagesMemo, ptBR } from './messages.js';

describe('failureText', () => {
  it('blames the store for a key or setup problem, the card for a refusal, the network for the rest', () => {
    const { failure } = en;
    expect(failureText(en, new AuthenticationError('The public key was refused.'))).to.equal(failure.authentication);
    expect(failureText(en, new ConfigurationError('tokenize(): no baseUrl.'))).to.equal(failure.authentication);
    expect(failureText(en, new ApiError('card_declined', 'Refused.', 402))).to.equal(failure.api);
    expect(failureText(en, new ValidationError('card.number', 'failed_luhn'))).to.equal(failure.api);
    expect(failureText(en, new NetworkError('Could not reach the service.'))).to.equal(failure.network);
    expect(failureText(en, new TimeoutError('No answer within 15000 ms.', { timeoutMs: 15000 }))).to.equal(failure.network);
    // Whatever else is thrown (a TypeError from fetch, a string) reads as a connection problem.
    expect(failureText(en, new TypeError('Failed to fetch'))).to.equal(failure.network);
    expect(failureText(en, 'boom')).to.equal(failure.network);
    expect(failureText(ptBR, new AuthenticationError('x'))).to.equal(ptBR.failure.authentication);
  });
});

describe('messagesMemo', () => {
  it('merges once per language and overrides object, and again when either changes', () => {
    const sentences = messagesMemo();
    const overrides = { submit: 'Pagar agora' };
    const first = sentences('pt-BR', overrides);
    expect(first.submit).to.equal('Pagar agora');
    expect(first.labels.cvv).to.equal(ptBR.labels.cvv);
    expect(sentences('pt-BR', overrides)).to.equal(first);
    expect(sentences('en', overrides).labels.cvv).to.equal(en.labels.cvv);
    expect(sentences('en', { submit: 'Buy' }).submit).to.equal('Buy');
    expect(sentences('en', null)).to.not.equal(first);
  });
});
