// SPDX-License-Identifier: MIT
import { outwardOutput } from '../../electron/context/outward/outward-view';
import { Redactor } from '../../electron/context/redaction';
import { loadRedactionCorpus, measureRedaction } from '../fixtures/redaction-corpus';
import { loadHeldoutCorpus, measureHeldout } from '../fixtures/redaction-heldout';
import { loadOutsideCorpus, measureOutside } from '../fixtures/redaction-outside';
import { loadToolOutputCorpus, measureToolOutputs } from '../fixtures/redaction-tool-outputs';

/** The fixture folders from here and from the bundle (dist/node/bench.mjs): both sit two levels below the root. */
const OUTSIDE_FIXTURES = new URL('../../tests/fixtures/redaction-outside/', import.meta.url);
const TOOL_OUTPUT_FIXTURES = new URL('../../tests/fixtures/redaction-tool-outputs/', import.meta.url);
const SCANNER_FIXTURES = new URL('../../tests/fixtures/redaction-heldout/', import.meta.url);

/**
 * Recall (secrets that did not survive) and false positives (negative lines changed at all) on the
 * whole redaction corpus, held-out families included, plus the redactor's throughput on it; and the
 * same two figures on the outside corpus (gitleaks', secretlint's and real tools' samples), on the
 * other scanners' test samples (detect-secrets, ripsecrets, ggshield; tests/fixtures/redaction-heldout)
 * and on the held-out corpus of real tool outputs. The last has no target on purpose: it is the
 * figure nobody tuned the rules on, stated as measured. It is measured on (command, output) through the
 * outward gate, which is what leaves the machine; the text rules alone are reported beside it.
 */
export const benchRedaction = (): Record<string, number> => {
  const redactor = new Redactor();
  const corpus = loadRedactionCorpus();
  const started = performance.now();
  const m = measureRedaction((text) => redactor.redact(text).text, corpus);
  const ms = performance.now() - started;
  const outside = measureOutside((text) => redactor.redact(text).text, loadOutsideCorpus(OUTSIDE_FIXTURES));
  const toolCorpus = loadToolOutputCorpus(TOOL_OUTPUT_FIXTURES);
  const toolOutputs = measureToolOutputs((command, output) => outwardOutput(command, output, redactor).text, toolCorpus);
  const toolOutputsText = measureToolOutputs((_command, output) => redactor.redact(output).text, toolCorpus);
  const scanners = measureHeldout((text) => redactor.redact(text).text, loadHeldoutCorpus(SCANNER_FIXTURES));
  const bytes = [...corpus.positives, ...corpus.negatives].reduce((n, c) => n + c.text.length, 0);
  return {
    redaction_recall_pct: m.recallPct,
    redaction_false_positive_pct: m.falsePositivePct,
    redaction_heldout_recall_pct: m.heldOut.recallPct,
    redaction_outside_recall_pct: outside.all.recallPct,
    redaction_outside_false_positive_pct: outside.all.falsePositivePct,
    redaction_tool_outputs_recall_pct: toolOutputs.all.recallPct,
    redaction_tool_outputs_false_positive_pct: toolOutputs.all.falsePositivePct,
    redaction_tool_outputs_text_only_recall_pct: toolOutputsText.all.recallPct,
    redaction_scanners_recall_pct: scanners.all.recallPct,
    redaction_scanners_false_positive_pct: scanners.all.falsePositivePct,
    redaction_corpus_cases: corpus.positives.length + corpus.negatives.length,
    redaction_mb_s: Math.round((bytes / 1e6 / (ms / 1000)) * 10) / 10,
  };
};
