/** The console page's script: defines the element its HTML holds. */
import { SandboxConsole } from './sandbox-console.js';

customElements.define('pay-sandbox-console', SandboxConsole);
