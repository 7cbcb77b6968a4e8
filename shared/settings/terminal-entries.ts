// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { hasNul, wholeNumber } from './fields';
import { KeybindingsSettings } from './key-combos';
import { ProfilesSettings } from './profile-schema';
import { CustomSchemes } from './scheme-schema';
import { custom, group, ordinary } from './setting';

/*
 * The terminals: shell, font, colours, cursor, scrollback, what a start and an exit do; named ways
 * to open one (profiles) and the keyboard shortcuts. All but the shell apply to open terminals at once.
 */

const CursorStyle = z.enum(['block', 'bar', 'underline']);
type CursorStyle = z.infer<typeof CursorStyle>;

export const LoginShell = z.enum(['platform', 'always', 'never']);
export type LoginShell = z.infer<typeof LoginShell>;

export const ExitBehaviour = z.enum(['close', 'clean', 'keep']);
export type ExitBehaviour = z.infer<typeof ExitBehaviour>;

const row = (id: string) => ({ row: { id } });

export const terminal = group(
  {
    /** Empty: the user's $SHELL, else /bin/bash. */
    shell: ordinary({
      schema: z
        .string()
        .max(4096)
        .refine((shell) => !hasNul(shell), 'the shell contains a NUL byte'),
      default: '',
      label: 'Shell',
      hint: 'Empty: your $SHELL.',
      control: { kind: 'text', spellCheck: false },
      live: false,
    }),
    /**
     * Whether shells start as login shells: as the system's terminals do unless the user says
     * otherwise (macOS's Terminal.app and iTerm2 start login shells; gnome-terminal and VS Code on
     * Linux do not, so bash reads ~/.bashrc). Resolved in main (electron/segmenter/shell-launch.ts).
     */
    loginShell: ordinary({
      schema: LoginShell,
      default: 'platform',
      fillIfMissing: true,
      label: 'Start shells as login shells',
      hint: "As your system's terminals do: yes on macOS, no elsewhere (bash then reads ~/.bashrc). New terminals only.",
      control: {
        kind: 'select',
        options: [
          { value: 'platform', label: "As the system's terminals do" },
          { value: 'always', label: 'Always (profile files)' },
          { value: 'never', label: 'Never (~/.bashrc, ~/.zshrc)' },
        ],
      },
      testId: 'terminal-login-shell',
      live: false,
    }),
    fontFamily: ordinary({
      schema: z.string().trim().min(1).max(200),
      // Bundled with the renderer (OFL), so it is there offline in both hosts.
      default: "'JetBrains Mono', monospace",
      label: 'Font family',
      hint: 'JetBrains Mono comes with Contexterm; any installed font works',
      control: { kind: 'text' },
      testId: 'terminal-font-family',
      ...row('font'),
    }),
    fontSize: ordinary({
      schema: wholeNumber(6, 72, 'pixels'),
      default: 14,
      label: 'Font size',
      control: { kind: 'number', inputMode: 'numeric' },
      testId: 'terminal-font-size',
      ...row('font'),
    }),
    theme: ordinary({
      schema: z.enum(['light', 'dark', 'system']),
      default: 'system',
      label: 'Theme',
      control: {
        kind: 'select',
        options: [
          { value: 'system', label: 'System' },
          { value: 'dark', label: 'Dark' },
          { value: 'light', label: 'Light' },
        ],
      },
      testId: 'terminal-theme',
      ...row('look'),
    }),
    scrollback: ordinary({
      schema: wholeNumber(0, 1_000_000, 'lines'),
      default: 10_000,
      label: 'Scrollback (lines)',
      control: { kind: 'number', inputMode: 'numeric' },
      testId: 'terminal-scrollback',
      ...row('look'),
    }),
    /** Programming ligatures (=>, !=, ->) where the font has them. */
    ligatures: ordinary({
      schema: z.boolean(),
      default: false,
      fillIfMissing: true,
      label: 'Ligatures (=> != -> drawn as one sign)',
      hint: 'Where the font has them, as JetBrains Mono does; in the desktop app and in browser mode alike.',
      control: { kind: 'checkbox' },
      testId: 'terminal-ligatures',
    }),
    /** `system`: Contexterm's own colours, light or dark with the theme; else a built-in or custom scheme's id. */
    scheme: custom({
      schema: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'pick a colour scheme' }),
      default: 'system',
      fillIfMissing: true,
      editor: 'scheme',
    }),
    customSchemes: custom({ schema: CustomSchemes, default: [], fillIfMissing: true, editor: 'scheme' }),
    cursorStyle: ordinary({
      schema: CursorStyle,
      default: 'block',
      fillIfMissing: true,
      label: 'Cursor',
      control: {
        kind: 'select',
        options: [
          { value: 'block', label: 'Block' },
          { value: 'bar', label: 'Bar' },
          { value: 'underline', label: 'Underline' },
        ],
      },
      testId: 'terminal-cursor-style',
      ...row('cursor'),
    }),
    cursorBlink: ordinary({
      schema: z.boolean(),
      default: true,
      fillIfMissing: true,
      label: 'Blinking cursor',
      control: { kind: 'checkbox' },
      testId: 'terminal-cursor-blink',
      ...row('cursor'),
    }),
    copyOnSelect: ordinary({ schema: z.boolean(), default: false, label: 'Copy on select', control: { kind: 'checkbox' } }),
    /** What a start with no terminals does with the last session's tabs and panes. */
    restore: ordinary({
      schema: z.enum(['always', 'ask', 'never']),
      default: 'always',
      fillIfMissing: true,
      label: "At start, reopen the last session's tabs and panes",
      control: {
        kind: 'select',
        options: [
          { value: 'always', label: 'Always (with their earlier output)' },
          { value: 'ask', label: 'Ask' },
          { value: 'never', label: 'Never' },
        ],
      },
      testId: 'terminal-restore',
    }),
    /** Ctrl+R at an idle prompt of an integrated shell: the app's history search, or the shell's own (its reverse search, Atuin). */
    ctrlR: ordinary({
      schema: z.enum(['overlay', 'shell']),
      default: 'overlay',
      fillIfMissing: true,
      label: 'Ctrl+R at a prompt',
      hint: "The shell's own Ctrl+R (reverse search, Atuin) when you prefer it; the history search stays in the palette.",
      control: {
        kind: 'select',
        options: [
          { value: 'overlay', label: 'Search all recorded history (every tab, closed and remote ones too)' },
          { value: 'shell', label: 'Send it to the shell (its own reverse search)' },
        ],
      },
      testId: 'terminal-ctrl-r',
    }),
    /**
     * The rest of a recorded command drawn dim after what is typed at a prompt (renderer/terminal/
     * suggest). `auto`: on, except in a shell that suggests by itself (fish, zsh-autosuggestions).
     */
    inlineSuggestions: ordinary({
      schema: z.enum(['auto', 'on', 'off']),
      default: 'auto',
      fillIfMissing: true,
      label: 'Suggestions from history as you type',
      hint: 'Right arrow or End accepts (inserted, not run), Alt+Right one word, Esc hides.',
      control: {
        kind: 'select',
        options: [
          { value: 'auto', label: 'On, unless the shell suggests by itself (fish, zsh-autosuggestions)' },
          { value: 'on', label: 'On, in every shell' },
          { value: 'off', label: 'Off' },
        ],
      },
      testId: 'terminal-inline-suggestions',
    }),
    /**
     * What a pane does when its shell exits: close (the tab goes with its last pane), close only
     * after a clean exit (code 0; a failure stays on screen with its status), or stay open.
     */
    onExit: ordinary({
      schema: ExitBehaviour,
      default: 'close',
      fillIfMissing: true,
      label: 'When the shell exits',
      hint: 'A shell that fails as it starts always stays open, to show why.',
      control: {
        kind: 'select',
        options: [
          { value: 'close', label: 'Close the pane (the tab goes with its last pane)' },
          { value: 'clean', label: 'Close only after a clean exit (a failed one stays with its status)' },
          { value: 'keep', label: 'Keep the pane open' },
        ],
      },
      testId: 'terminal-on-exit',
    }),
  },
  { title: 'Terminal' },
);

/** Named ways to open a terminal; none until the user adds one. */
export const profiles = custom({ schema: ProfilesSettings, default: { list: [], defaultId: null }, editor: 'profiles' });

/** Only the shortcuts the user changed; every other action keeps its default. */
export const keybindings = custom({ schema: KeybindingsSettings, default: {}, editor: 'keys' });
