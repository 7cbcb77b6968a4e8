// SPDX-License-Identifier: MIT

/**
 * Small line icons in the text colour (currentColor), so they follow the theme and the state of
 * the control they sit in. Decorative: the control around them carries the accessible name.
 */
interface IconProps {
  readonly size?: number;
  readonly className?: string;
}

const svgProps = (size: number, className: string | undefined) => ({
  width: size,
  height: size,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  className: `icon${className ? ` ${className}` : ''}`,
});

/** An eye struck through: private, nothing seen here is kept. */
export const EyeOffIcon = ({ size = 14, className }: IconProps) => (
  <svg {...svgProps(size, className)}>
    <path d="M2.2 8c1.3-2.4 3.4-3.8 5.8-3.8 1 0 2 .3 2.9.8M13.8 8c-1.3 2.4-3.4 3.8-5.8 3.8-1 0-2-.3-2.9-.8" />
    <path d="M6.4 9.2a2 2 0 0 1 2.8-2.8" />
    <path d="M2.5 13.5l11-11" />
  </svg>
);

/** A recording dot struck through: recording is paused. */
export const RecordOffIcon = ({ size = 14, className }: IconProps) => (
  <svg {...svgProps(size, className)}>
    <circle cx="8" cy="8" r="5.2" />
    <path d="M3.2 12.8l9.6-9.6" />
  </svg>
);

/** Three dots in a row: more actions. */
export const MoreIcon = ({ size = 14, className }: IconProps) => (
  <svg {...svgProps(size, className)} fill="currentColor" stroke="none">
    <circle cx="3.5" cy="8" r="1.3" />
    <circle cx="8" cy="8" r="1.3" />
    <circle cx="12.5" cy="8" r="1.3" />
  </svg>
);
