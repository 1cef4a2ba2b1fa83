import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';

import { cspNonce } from '#server/security.ts';

describe('CSP nonces', () => {
  it('are 16 random bytes in base64, never the same twice, also across pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const res = { locals: {} } as Response;
      let called = false;
      cspNonce({} as Request, res, () => (called = true));
      expect(called).toBe(true);
      expect(res.locals.cspNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(res.locals.cspNonce);
    }
    expect(seen.size).toBe(2000);
  });
});
