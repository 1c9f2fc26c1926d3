/**
 * React 19 checkout: mounts <pay-card-form> and takes the token from
 * `ontokenized`. React 19 turns an `on<event>` prop on a custom element into
 * addEventListener('<event>'), so the lower-case name is the event's own.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'pay-card-form';
import type { TokenizeResult } from 'pay-card-form/core';
import type {} from 'pay-card-form/react';

// A real app hard-codes its key and API address; the demo takes them from Vite's env for the tests.
const publicKey = import.meta.env.VITE_PAY_PUBLIC_KEY || 'pk_test_51LojaExemploActive0001';
const baseUrl = import.meta.env.VITE_PAY_BASE_URL || 'http://127.0.0.1:4010';

function Checkout() {
  const [result, setResult] = useState<TokenizeResult | null>(null);
  const [error, setError] = useState('');
  return (
    <main>
      <h1>React 19</h1>
      <pay-card-form
        public-key={publicKey}
        base-url={baseUrl}
        ontokenized={(event) => setResult(event.detail)}
        ontokenize-error={(event) => setError(event.detail.error.name)}
      />
      <p>
        Token:{' '}
        <output id="token" data-brand={result?.brand}>
          {result ? result.token : 'none yet'}
        </output>
      </p>
      {error && <p role="alert">{error}</p>}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Checkout />
  </StrictMode>,
);
