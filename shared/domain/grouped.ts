// SPDX-License-Identifier: MIT

/**
 * 12345.6 → "12,346": a whole number with thousands separators. Not `toLocaleString`: its first
 * call maps ICU's number-format data into the process, ~5 MB of the browser server's resident
 * memory for a comma (tests/bench/server-footprint.ts), and the settings contract calls it while
 * it is built, at start-up.
 */
export const grouped = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
