// SPDX-License-Identifier: MIT
import { useRef } from 'react';

export interface DragHandleProps {
  /** `vertical`: a left/right edge that changes a width; `horizontal`: a top/bottom edge, a height. */
  readonly orientation: 'vertical' | 'horizontal';
  readonly value: number;
  /** Pixels the size changes per pixel dragged right/down (-1 for a pane that grows leftwards/upwards). */
  readonly direction: 1 | -1;
  readonly onChange: (value: number) => void;
  readonly label: string;
  readonly testId: string;
  readonly className: string;
}

const STEP = 24;

/**
 * A separator that resizes a pane by dragging (pointer capture, so the drag survives leaving the
 * handle) or with the arrow keys when focused; the owner clamps and stores the value.
 */
export const DragHandle = ({ orientation, value, direction, onChange, label, testId, className }: DragHandleProps) => {
  const drag = useRef<{ at: number; value: number } | undefined>(undefined);
  const coordinate = (event: { clientX: number; clientY: number }) => (orientation === 'vertical' ? event.clientX : event.clientY);
  const [less, more] = orientation === 'vertical' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  return (
    <div
      className={className}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={value}
      tabIndex={0}
      data-testid={testId}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { at: coordinate(event), value };
        document.body.classList.add('resizing');
      }}
      onPointerMove={(event) => {
        if (drag.current) onChange(drag.current.value + direction * (coordinate(event) - drag.current.at));
      }}
      onPointerUp={(event) => {
        event.currentTarget.releasePointerCapture(event.pointerId);
        drag.current = undefined;
        document.body.classList.remove('resizing');
      }}
      onKeyDown={(event) => {
        if (event.key === less) onChange(value - direction * STEP);
        else if (event.key === more) onChange(value + direction * STEP);
        else return;
        event.preventDefault();
      }}
    />
  );
};
