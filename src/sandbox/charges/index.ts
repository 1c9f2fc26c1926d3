import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';

/** Registers `POST /v1/charges`. */
export function registerChargeRoutes(_app: Hono, _ctx: SandboxContext): void {}
