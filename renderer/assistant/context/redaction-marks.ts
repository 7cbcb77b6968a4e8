// SPDX-License-Identifier: MIT

export type MarkedSegment =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'redacted'; readonly text: string; readonly label: string };

const PLACEHOLDER = /\[REDACTED:([a-z0-9][a-z0-9-]{0,39})\]/g;

/** Splits text around the engine's `[REDACTED:kind]` placeholders so the inspector can highlight them. */
export const markRedactions = (text: string): MarkedSegment[] => {
  const out: MarkedSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
    out.push({ kind: 'redacted', text: match[0], label: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
};

export const redactionTotal = (counts: Readonly<Record<string, number>>): number => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** "2 × aws-key, 1 × github-token" */
export const describeRedactions = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([kind, n]) => `${n} × ${kind}`)
    .join(', ');
