// SPDX-License-Identifier: MIT

/** Seconds, minutes, hours, days, weeks: the units `--since 2h` and an agent's `since: "3d"` take. */
const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

const DURATION = /^(\d{1,6})\s*([smhdw])$/;
/** A calendar date, optionally with a time (ISO 8601, as `date -I` and `date -Iseconds` print it). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Why a time bound was refused, in words a user or an agent can act on. */
export const TIME_BOUND_HELP =
  'an ISO date such as 2026-12-01 or 2026-12-01T09:30, or a duration back from now such as 90s, 15m, 2h, 3d or 1w';

/**
 * A time bound as epoch ms: a duration counts back from `now`; an ISO date without a zone is
 * local time (as `date` prints it), a date alone its midnight. Undefined for anything else, so
 * the caller names the flag it came from. Durations are whole numbers: `1.5h` is refused rather
 * than guessed.
 */
export const parseTimeBound = (text: string, now: number = Date.now()): number | undefined => {
  const trimmed = text.trim().toLowerCase();
  const duration = DURATION.exec(trimmed);
  if (duration) return Math.max(0, now - Number(duration[1]) * UNIT_MS[duration[2]!]!);
  if (!ISO_DATE.test(text.trim())) return undefined;
  // Date-only strings parse as UTC in JS; the user means their own midnight.
  const value = /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? new Date(`${text.trim()}T00:00`).getTime() : new Date(text.trim()).getTime();
  return Number.isFinite(value) && value >= 0 ? value : undefined;
};
