// SPDX-License-Identifier: MIT
// Loaded with `node --import` into a CLI under test: this process's clock runs CONTEXTERM_TEST_CLOCK_OFFSET_MS
// ahead (or behind, when negative) of the machine's, as a device whose clock is wrong would.
const offset = Number(process.env.CONTEXTERM_TEST_CLOCK_OFFSET_MS ?? 0);
const RealDate = Date;
class SkewedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset;
  }
}
globalThis.Date = SkewedDate;
