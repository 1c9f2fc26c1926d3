import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerLanguage } from './messages.js';

test('the answer’s language: the body’s locale, else Accept-Language by weight, else pt-BR', () => {
  const cases: [string | undefined, string | null, string][] = [
    ['en', 'pt-BR', 'en'],
    ['en-GB', null, 'en'],
    ['pt', 'en', 'pt-BR'],
    ['fr', 'en-US,en;q=0.9', 'en'],
    [undefined, 'fr-FR, en;q=0.5, pt;q=0.8', 'pt-BR'],
    [undefined, 'de, en;q=0', 'pt-BR'],
    [undefined, 'en;q=0.5, pt;q=0.5', 'en'],
    [undefined, 'garbage;;;q=x', 'pt-BR'],
    [undefined, null, 'pt-BR'],
    ['', 'english', 'pt-BR'],
  ];
  for (const [locale, header, expected] of cases) assert.equal(answerLanguage(locale, header), expected, `${locale} / ${header}`);
});
