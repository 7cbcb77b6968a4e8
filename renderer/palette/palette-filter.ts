// SPDX-License-Identifier: MIT
import type { ProfilesSettings } from '../../shared/settings/profile-schema';
import { ACTIONS, type ActionId, type ActionSpec } from '../actions/catalog';
import { shortcutOf, type Bindings } from '../actions/keys';

/** One line of the palette: an action, or "New tab with profile" for one profile. */
export interface PaletteEntry {
  /** Unique among the entries: the action id, with `:profile` for a per-profile one. */
  readonly key: string;
  readonly action: ActionId;
  /** The profile for a per-profile entry ('' = the shell without a profile). */
  readonly arg?: string;
  readonly title: string;
  readonly shortcut: string;
  readonly keywords: string;
}

/** Every palette entry, in registry order: one per action, one per profile for per-profile actions. */
export const paletteEntries = (bindings: Bindings, profiles: ProfilesSettings | undefined, mac = false): PaletteEntry[] =>
  ACTIONS.flatMap((spec: ActionSpec): PaletteEntry[] => {
    const action = spec.id as ActionId;
    if (spec.hidden) return [];
    const keywords = spec.keywords ?? '';
    if (spec.perProfile) {
      return (profiles?.list ?? []).map((profile) => ({
        key: `${action}:${profile.id}`,
        action,
        arg: profile.id,
        title: `${spec.title}: ${profile.name}`,
        shortcut: '',
        keywords: `${keywords} profile ${profile.command}`,
      }));
    }
    return [{ key: action, action, title: spec.title, shortcut: shortcutOf(bindings, action, mac), keywords }];
  });

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+=-]+/u)
    .filter(Boolean);

/**
 * How well `query` matches an entry, 0 when it does not: every word typed must be found, best at
 * the start of a word of the title ("sp ri" finds "Split right"), else inside one, else among the
 * keywords; the initials of the title count too ("sr" → "Split right").
 */
export const matchScore = (entry: Pick<PaletteEntry, 'title' | 'keywords'>, query: string): number => {
  const typed = wordsOf(query);
  if (typed.length === 0) return 1;
  const title = wordsOf(entry.title);
  const keywords = wordsOf(entry.keywords);
  const initials = title.map((w) => w[0]).join('');
  if (typed.length === 1 && typed[0]!.length > 1 && initials.startsWith(typed[0]!)) return 3 * typed[0]!.length;
  let score = 0;
  for (const word of typed) {
    if (title.some((w) => w.startsWith(word))) score += 3;
    else if (title.some((w) => w.includes(word))) score += 2;
    else if (keywords.some((w) => w.startsWith(word))) score += 1;
    else return 0;
  }
  // A title that starts with what was typed goes first.
  if (entry.title.toLowerCase().startsWith(query.trim().toLowerCase())) score += 2;
  return score;
};

/** The entries matching `query`, best first; equally good ones keep the registry's order. */
export const filterEntries = <T extends Pick<PaletteEntry, 'title' | 'keywords'>>(entries: readonly T[], query: string): T[] =>
  entries
    .map((entry, index) => ({ entry, index, score: matchScore(entry, query) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((m) => m.entry);
