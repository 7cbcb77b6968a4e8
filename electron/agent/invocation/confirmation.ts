// SPDX-License-Identifier: MIT
import type { CommandRiskLevel } from '../../../shared/ipc/agent';

/** One tool call as the confirmation service judges it, before anything of it runs. */
export interface ToolCallProposal {
  readonly conversationId: string;
  /** The tool's name as the model calls it (`run_command`, `SERVER__TOOL`). */
  readonly tool: string;
  /** For run_command: the exact line, and its risk as the classifier read it. */
  readonly command?: string;
  readonly risk?: CommandRiskLevel;
  /** For a tool that declares itself read-only (an MCP tool's `readOnlyHint`) and the user trusts so. */
  readonly readOnly?: boolean;
}

/** The service's answer: run without asking (and why), ask the user, or refuse without asking. */
export type Confirmation =
  | { readonly kind: 'allow'; readonly by: 'allow-list' | 'remembered' | 'read-only-tool' }
  | { readonly kind: 'ask' }
  | { readonly kind: 'deny'; readonly rule: string };

interface ConfirmationSettings {
  readonly autoRunReadOnly: boolean;
  readonly autoRunCommands: readonly string[];
}

export interface ConfirmationDeps {
  readonly settings: () => ConfirmationSettings;
  /** Whether a line may run unasked under the allow-list's entries (electron/agent/risk/allow-list.ts). */
  readonly mayRunUnasked: (line: string, entries: readonly string[]) => Promise<boolean>;
  /**
   * The user's deny rules: a line one of them matches is refused without asking. No setting holds
   * them yet; this is where one plugs in.
   */
  readonly denies?: (proposal: ToolCallProposal) => string | null;
}

/**
 * The one place that decides, in main, whether a tool call runs without a click, for every tool
 * (run_command and the user's MCP tools alike). A window only shows the decision and forwards the
 * user's; whether a window is open or visible changes nothing. Rules, in order:
 * a deny rule refuses; a destructive command always asks; a command this conversation was told to
 * allow again runs; a line the read-only allow-list (when on) admits runs; a read-only tool the
 * user trusts runs; everything else asks.
 */
export class ConfirmationService {
  /** Per conversation, the exact command lines the user said to run again without asking. */
  private readonly _remembered = new Map<string, Set<string>>();

  constructor(private readonly _deps: ConfirmationDeps) {}

  async decide(proposal: ToolCallProposal): Promise<Confirmation> {
    const rule = this._deps.denies?.(proposal) ?? null;
    if (rule !== null) return { kind: 'deny', rule };
    const { command, risk } = proposal;
    if (command === undefined) return proposal.readOnly === true ? { kind: 'allow', by: 'read-only-tool' } : { kind: 'ask' };
    if (risk === 'destructive' || risk === 'unparsed') return { kind: 'ask' };
    if (this._remembered.get(proposal.conversationId)?.has(command)) return { kind: 'allow', by: 'remembered' };
    const settings = this._deps.settings();
    if (settings.autoRunReadOnly && (await this._deps.mayRunUnasked(command, settings.autoRunCommands)))
      return { kind: 'allow', by: 'allow-list' };
    return { kind: 'ask' };
  }

  /**
   * "Allow this exact command again" in one conversation: the same line, byte for byte, runs
   * without asking there from now on, unless it is destructive (which always asks).
   */
  remember(conversationId: string, command: string): void {
    const lines = this._remembered.get(conversationId) ?? new Set<string>();
    lines.add(command);
    this._remembered.set(conversationId, lines);
  }
}
