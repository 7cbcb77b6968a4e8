// SPDX-License-Identifier: MIT

/**
 * How an answer cites a record: `[cmd:ID]`, ID being a command id (`{session}:{seq}`). One
 * definition for the system prompt that asks for it, the main process that checks the ids and the
 * page that renders them as links.
 */
export const CITATION = /\[cmd:([A-Za-z0-9_-]{1,64}:\d{1,9})\]/g;

export const citationOf = (commandId: string): string => `[cmd:${commandId}]`;

/** The distinct ids an answer cites, in order of first mention. */
export const citedIds = (text: string): string[] => [...new Set([...text.matchAll(CITATION)].map((m) => m[1]!))];
