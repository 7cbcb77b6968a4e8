// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { addressGone } from './address-check';

/** As in address-check.ts. */
const UNREACHABLE_LIMIT = 4;

describe('addressGone', () => {
  it('gives up at once when the address answers 401 (a new launch, a new token)', () => {
    expect(addressGone('token-refused', 1)).toBe(true);
  });

  it('keeps trying a silent address for a few tries, then gives up', () => {
    expect(addressGone('unreachable', UNREACHABLE_LIMIT - 1)).toBe(false);
    expect(addressGone('unreachable', UNREACHABLE_LIMIT)).toBe(true);
  });

  it('never gives up while the page itself is still served', () => {
    expect(addressGone('up', 100)).toBe(false);
  });
});
