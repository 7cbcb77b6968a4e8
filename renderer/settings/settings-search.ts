// SPDX-License-Identifier: MIT
import { useLayoutEffect, useState, type RefObject } from 'react';

/** The query's words, lower case: every one must be found (in any order), as VS Code's settings search does. */
const searchWords = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

const matches = (text: string, words: readonly string[]): boolean => {
  const lower = text.toLowerCase();
  return words.every((word) => lower.includes(word));
};

/**
 * Filters the Settings page by words, on what the user reads: a section whose title matches shows
 * whole; otherwise only its fields (label, hint, options) that match, and a section with none is
 * hidden. Done on the drawn page rather than on the registry, since custom editors (providers,
 * profiles, keys) draw their own fields. Runs after every render, so fields drawn later (a profile
 * added) are filtered too. Answers how many sections show.
 */
export const useSettingsFilter = (body: RefObject<HTMLElement | null>, query: string): number => {
  const [shown, setShown] = useState(-1);
  useLayoutEffect(() => {
    const root = body.current;
    if (!root) return;
    const words = searchWords(query);
    let count = 0;
    for (const section of root.querySelectorAll<HTMLElement>('.settings-section')) {
      const title = section.querySelector('h3, h2')?.textContent ?? '';
      const whole = words.length === 0 || matches(title, words);
      let any = whole;
      for (const field of section.querySelectorAll<HTMLElement>('.field')) {
        const show =
          whole ||
          matches(field.textContent ?? '', words) ||
          [...field.querySelectorAll('option')].some((o) => matches(o.textContent ?? '', words));
        field.hidden = !show;
        any ||= show;
      }
      section.hidden = !any;
      if (any) count += 1;
    }
    if (count !== shown) setShown(count);
  });
  return shown;
};
