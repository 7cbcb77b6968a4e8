// SPDX-License-Identifier: MIT
import { Redactor } from '../../electron/context/redaction';
import { loadRedactionCorpus, measureRedaction } from '../fixtures/redaction-corpus';

/**
 * Recall (secrets that did not survive) and false positives (negative lines changed at all) on the
 * whole redaction corpus, held-out families included, plus the redactor's throughput on it.
 */
export const benchRedaction = (): Record<string, number> => {
  const redactor = new Redactor();
  const corpus = loadRedactionCorpus();
  const started = performance.now();
  const m = measureRedaction((text) => redactor.redact(text).text, corpus);
  const ms = performance.now() - started;
  const bytes = [...corpus.positives, ...corpus.negatives].reduce((n, c) => n + c.text.length, 0);
  return {
    redaction_recall_pct: m.recallPct,
    redaction_false_positive_pct: m.falsePositivePct,
    redaction_heldout_recall_pct: m.heldOut.recallPct,
    redaction_corpus_cases: corpus.positives.length + corpus.negatives.length,
    redaction_mb_s: Math.round((bytes / 1e6 / (ms / 1000)) * 10) / 10,
  };
};
