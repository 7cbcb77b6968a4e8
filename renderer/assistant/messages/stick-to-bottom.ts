// SPDX-License-Identifier: MIT
import { useEffect, useRef, type RefObject, type UIEvent } from 'react';

/** Within this many pixels of the end counts as "at the bottom" (a wheel notch or rounding). */
const NEAR_BOTTOM_PX = 32;

/**
 * Keeps a scrolling list at its bottom while the user has not scrolled up, as chat UIs do. Render
 * commits are not the only things that move the bottom: a step's status line, its record link or a
 * notice can grow the content between renders of the list, and a shorter window, a taller question
 * box or a notice above can shrink the list's own box. The browser keeps scrollTop through both,
 * so the newest lines (a running step's status) ended up below the visible area. A ResizeObserver
 * on the list and on its content scrolls back to the end after either, unless the user scrolled
 * up to read: that is only known from the user's own scrolling, so `pinned` changes on scroll
 * events and on nothing else.
 */
export const useStickToBottom = (list: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) => {
  const pinned = useRef(true);
  useEffect(() => {
    const box = list.current;
    const inner = content.current;
    if (!box || !inner) return;
    const follow = () => {
      if (pinned.current) box.scrollTop = box.scrollHeight;
    };
    const observer = new ResizeObserver(follow);
    observer.observe(box);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [list, content]);
  return {
    pinned,
    /** The list's onScroll: the user's position decides whether later growth follows. */
    onScroll: (event: UIEvent<HTMLElement>) => {
      const el = event.currentTarget;
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    },
  };
};
