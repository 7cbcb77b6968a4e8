// SPDX-License-Identifier: MIT
import { useEffect, useRef } from 'react';
import { controllerFor } from './terminals';

/** Lends a container to the active tab's controller and keeps the terminal fitted to it. */
export const TerminalView = ({ id }: { id: string }) => {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
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
    controller.focus();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [id]);

  return (
    <div
      className="terminal-container"
      data-testid="terminal"
      data-pty-id={id}
      ref={container}
      onClick={() => controllerFor(id)?.focus()}
    />
  );
};
