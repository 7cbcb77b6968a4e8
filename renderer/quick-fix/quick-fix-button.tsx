// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { LIGHTBULB_PATHS } from '../terminal/gutter-menu';
import type { QuickFixRequest } from './quick-fix-menu';
import './quick-fix.css';

/** A lightbulb in the text colour; the button around it carries the name. Same drawing as the gutter's. */
const LightbulbIcon = ({ size = 14 }: { size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.5}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    focusable={false}
    className="icon"
  >
    {LIGHTBULB_PATHS.map((d) => (
      <path key={d} d={d} />
    ))}
  </svg>
);

export interface QuickFixButtonProps {
  readonly command: CommandRecord;
  /** This command's quick fixes are showing. */
  readonly open: boolean;
  readonly onOpen: (request: QuickFixRequest) => void;
}

/**
 * The lightbulb on a failed command's row: opens its quick fixes under it. Its own action only:
 * a click that reached the row would attach the command to the assistant.
 */
export const QuickFixButton = ({ command, open, onOpen }: QuickFixButtonProps) => (
  <button
    type="button"
    className={`quick-fix-button${open ? ' open' : ''}`}
    data-testid="quick-fix"
    aria-label="Quick fixes"
    aria-haspopup="menu"
    aria-expanded={open}
    title="Quick fixes: what worked after this failed before, or ask the assistant"
    onClick={(event) => {
      event.stopPropagation();
      const box = event.currentTarget.getBoundingClientRect();
      onOpen({ command, at: { x: box.right, y: box.bottom + 2 }, align: 'end', opener: event.currentTarget });
    }}
    onDoubleClick={(event) => event.stopPropagation()}
  >
    <LightbulbIcon />
  </button>
);
