// SPDX-License-Identifier: MIT
import type { LlmErrorInfo, LlmErrorKind } from '../../shared/ipc/assistant';
import { DomainError } from '../../shared/ipc/define';

/*
 * The one vocabulary of model failures, for the assistant's turns and the context engine's
 * summaries alike. Kept free of the SDKs (errors.ts classifies their errors into it), so the
 * context engine can use it without pulling a provider in.
 */
export type { LlmErrorKind };

const RETRYABLE: Record<LlmErrorKind, boolean> = {
  unreachable: true,
  auth: false,
  'model-not-found': false,
  'rate-limited': true,
  server: true,
  timeout: true,
  'bad-response': true,
  cancelled: true,
  'invalid-request': false,
};

/**
 * The only error a provider or the tool loop throws. It carries no SDK error as `cause`, so logging
 * it can never print request details, and its message has been scrubbed of the key.
 */
export class LlmError extends DomainError {
  readonly retryable: boolean;
  /** Text that streamed before the failure, so the pane can keep it next to the error. */
  partialText = '';

  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly details: { readonly status?: number; readonly retryAfterMs?: number } = {},
  ) {
    super(kind === 'model-not-found' ? 'not-found' : kind === 'invalid-request' ? 'invalid-request' : 'failed', message);
    this.name = 'LlmError';
    this.retryable = RETRYABLE[kind];
  }

  toInfo(): LlmErrorInfo {
    return {
      kind: this.kind,
      message: this.message,
      retryable: this.retryable,
      retryAfterMs: this.details.retryAfterMs ?? null,
      status: this.details.status ?? null,
    };
  }
}
