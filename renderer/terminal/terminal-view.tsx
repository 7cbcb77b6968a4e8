// SPDX-License-Identifier: MIT
import { useEffect, useLayoutEffect, useRef } from 'react';
import { controllerFor } from './terminals';

/**
 * Lends a container to a terminal's controller and keeps the terminal fitted to it. The focused
 * pane's container is the `terminal` hook (tests/e2e/ find the terminal by it): one per window,
 * the one typed into.
 */
export const TerminalView = ({ id, focused = true }: { id: string; focused?: boolean }) => {
  const container = useRef<HTMLDivElement>(null);

  // A layout effect: a terminal drawn before the app (lazy/first-terminal.ts) moves into this
  // container before the first paint, so no frame shows the window without it.
  useLayoutEffect(() => {
    const element = container.current;
    const controller = controllerFor(id);
    if (!element || !controller) return;
    controller.mount(element);
    let frame = 0;
    const refit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => controller.fit());
    };
    const observer = new ResizeObserver(refit);
    observer.observe(element);
    refit();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [id]);

  useEffect(() => {
    if (focused) controllerFor(id)?.focus();
  }, [id, focused]);

  return (
    <div
      className="terminal-container"
      data-testid={focused ? 'terminal' : 'pane-terminal'}
      data-pty-id={id}
      ref={container}
      onClick={() => controllerFor(id)?.focus()}
    />
  );
};
