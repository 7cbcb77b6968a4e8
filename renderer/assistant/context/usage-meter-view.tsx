// SPDX-License-Identifier: MIT
import { useState } from 'react';
import type { ContextPreview } from '../../../shared/ipc/context';
import { useAssistant } from '../store/assistant-store';
import { formatTokens } from '../store/usage-meter';

/**
 * Estimates are scaled by what the provider reported for earlier requests; saying by how much
 * explains why the same text can count differently from one model to another.
 */
const estimateNote = (calibration: ContextPreview['calibration']): string =>
  calibration && calibration.samples > 0 && Math.abs(calibration.factor - 1) >= 0.005
    ? `Estimated tokens ×${calibration.factor.toFixed(2)}, learned from ${calibration.samples} provider report${calibration.samples === 1 ? '' : 's'} (kept across restarts)`
    : 'Estimated tokens';

/**
 * The `context-usage` meter for the selected model: what the next request needs against the budget
 * it may use (percent of that budget), coloured at the model's warning threshold. The bar spans the
 * model's window with the budget marked on it. Hover or click opens the breakdown by section.
 */
export const UsageMeterView = ({ onInspect }: { onInspect: () => void }) => {
  const meter = useAssistant((state) => state.meter);
  const previewError = useAssistant((state) => state.previewError);
  const tokenizer = useAssistant((state) => state.preview?.tokenizer);
  const calibration = useAssistant((state) => state.preview?.calibration);
  // How many conversation messages the reading covers, so a reader can tell a fresh one from a stale one.
  const messageCount = useAssistant((state) => state.preview?.usage?.messageCount ?? 0);
  const [open, setOpen] = useState(false);
  const tokens = meter?.tokens ?? 0;
  const limit = meter?.limit ?? null;
  const budget = meter?.budget ?? null;
  const percent = meter?.percent ?? null;
  const level = meter?.level ?? 'normal';
  const label = meter
    ? `${formatTokens(tokens)} / ${budget === null ? '∞' : formatTokens(budget)}${percent === null ? '' : ` · ${Math.round(percent)}%`}`
    : previewError
      ? 'usage unavailable'
      : '…';
  return (
    <div className="usage-wrap" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        className={`context-usage ${level}`}
        data-testid="context-usage"
        data-tokens={tokens}
        data-limit={limit ?? ''}
        data-budget={budget ?? ''}
        data-percent={percent ?? ''}
        data-level={level}
        data-messages={messageCount}
        data-calibration={calibration?.factor ?? ''}
        aria-label={`Context usage ${label}`}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title={
          previewError ??
          (limit !== null && budget !== null
            ? `Budget ${budget.toLocaleString()} of a ${limit.toLocaleString()}-token window (the rest is safety margin and the answer's reserve)`
            : undefined)
        }
      >
        <span className="usage-bar" aria-hidden="true">
          <span className="usage-fill" style={{ width: `${limit ? Math.min(100, (tokens / limit) * 100) : 0}%` }} />
          {limit !== null && budget !== null && (
            <span className="usage-budget" data-testid="usage-budget-mark" style={{ left: `${Math.min(100, (budget / limit) * 100)}%` }} />
          )}
        </span>
        <span className="usage-label">{label}</span>
      </button>
      {open && meter && (
        <div className="usage-breakdown" role="tooltip">
          <table>
            <tbody>
              {meter.sections.map((s) => (
                <tr key={s.id}>
                  <td>{s.title}</td>
                  <td className="num">{s.tokens.toLocaleString()}</td>
                </tr>
              ))}
              <tr className="total">
                <td>Total{budget !== null ? ` of a ${budget.toLocaleString()} budget` : ' (no limit set)'}</td>
                <td className="num">{tokens.toLocaleString()}</td>
              </tr>
            </tbody>
          </table>
          <div className="usage-foot">
            {tokenizer === 'estimate' ? estimateNote(calibration) : `Counted with ${tokenizer ?? '…'}`} ·{' '}
            <button className="link-button" onClick={onInspect}>
              Inspect payload
            </button>
          </div>
        </div>
      )}
    </div>
  );
};
