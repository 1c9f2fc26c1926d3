import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';

/** Registers the signed /v3 routes. */
export function registerV3Routes(_app: Hono, _ctx: SandboxContext): void {}
