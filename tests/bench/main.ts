// SPDX-License-Identifier: MIT
// `npm run bench`: every benchmark measures its subject against a baseline in the same run and
// reports the ratio (absolute numbers are printed for information; this 2-core box is noisy).
// The last line is `BENCH {json}` for tools.
import { arch, cpus, release } from 'node:os';
import { benchCli } from './cli-bench';
import { benchContextBuild, benchTokenEstimate } from './context-bench';
import { benchHistorySearch } from './history-search-bench';
import { benchSegmenter } from './segmenter-bench';
import { benchMcp } from './mcp-bench';
import { benchLostBytes, benchPipeline } from './pipeline-bench';
import { benchRedaction } from './redaction-bench';
import { benchHourOfHistory, benchIngestAtCap } from './retention-bench';
import { benchServerFootprint } from './server-footprint';
import { benchSsh } from './ssh-bench';
import { benchSync } from './sync-bench';
import { benchQueries, benchStoreIngest } from './store-bench';
import { benchSuggest } from './suggest-bench';
import { benchUi } from './ui/ui-bench';

type Metrics = Record<string, number>;

const TARGETS: Record<string, { target: number; better: 'higher' | 'lower' }> = {
  pipeline_vs_raw_pty: { target: 0.9, better: 'higher' },
  segmenter_vs_indexof: { target: 0.5, better: 'higher' },
  store_ingest_vs_raw_sqlite: { target: 0.8, better: 'higher' },
  ingest_at_cap_vs_uncapped: { target: 0.9, better: 'higher' },
  lost_bytes_at_exit: { target: 0, better: 'lower' },
  history_query_p99_ms: { target: 1, better: 'lower' },
  fts_query_p99_ms: { target: 50, better: 'lower' },
  history_search_p99_ms: { target: 20, better: 'lower' },
  cli_search_vs_node_start: { target: 2, better: 'lower' },
  context_build_p95_ms_1m: { target: 50, better: 'lower' },
  context_build_growth_1m_vs_10k: { target: 2, better: 'lower' },
  token_estimate_error_pct: { target: 10, better: 'lower' },
  redaction_recall_pct: { target: 99, better: 'higher' },
  redaction_false_positive_pct: { target: 3, better: 'lower' },
  redaction_outside_recall_pct: { target: 99.5, better: 'higher' },
  redaction_outside_false_positive_pct: { target: 1.5, better: 'lower' },
  redaction_scanners_recall_pct: { target: 90, better: 'higher' },
  redaction_scanners_false_positive_pct: { target: 5, better: 'lower' },
  ui_cat_vs_bare: { target: 1.1, better: 'higher' },
  ui_cat_vs_raw_pty: { target: 0.35, better: 'higher' },
  max_frame_gap_ms_vs_bare: { target: 1.0, better: 'lower' },
  longtask_max_ms: { target: 50, better: 'lower' },
  page_to_prompt_cold_ms_vs_bare: { target: 1.5, better: 'lower' },
  server_rss_mb_peak_8_floods: { target: 120, better: 'lower' },
  ui_ansi_vs_bare: { target: 1.0, better: 'higher' },
  ui_seq_vs_bare: { target: 1.0, better: 'higher' },
  ctrl_c_stop_ms: { target: 500, better: 'lower' },
  max_frame_gap_ms: { target: 100, better: 'lower' },
  launch_to_url_ms: { target: 200, better: 'lower' },
  page_to_prompt_ms_vs_bare: { target: 1.3, better: 'lower' },
  server_rss_mb_idle: { target: 70, better: 'lower' },
  server_rss_mb_8_tabs_after_20mb: { target: 110, better: 'lower' },
  server_rss_mb_after_closing_7_of_8: { target: 80, better: 'lower' },
  server_rss_mb_per_idle_tab: { target: 15, better: 'lower' },
  ssh_integration_overhead_ms: { target: 150, better: 'lower' },
  mcp_get_commands_p95_ms: { target: 50, better: 'lower' },
  sync_bootstrap_100k_s: { target: 60, better: 'lower' },
  sync_incremental_p95_ms: { target: 2000, better: 'lower' },
  sync_bytes_vs_store: { target: 1.0, better: 'lower' },
  pipeline_vs_raw_pty_while_syncing: { target: 0.9, better: 'higher' },
  suggest_p99_ms: { target: 5, better: 'lower' },
  echo_p95_suggest_vs_off: { target: 1.05, better: 'lower' },
};

const quick = process.argv.includes('--quick');
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

const suites: Array<[string, () => Promise<Metrics>]> = [
  [
    'segmenter',
    async () => {
      const r = benchSegmenter();
      return { segmenter_mb_s: r.segmenter_mb_s, indexof_mb_s: r.indexof_mb_s, segmenter_vs_indexof: r.ratio };
    },
  ],
  ['pipeline', () => benchPipeline(quick ? 50 : 200, quick ? 2 : 3)],
  ['exit', () => benchLostBytes()],
  [
    'store',
    async () => {
      const r = await benchStoreIngest();
      return { store_mb_s: r.store_mb_s, raw_sqlite_mb_s: r.raw_mb_s, store_ingest_vs_raw_sqlite: r.ratio };
    },
  ],
  [
    'queries',
    async () => {
      const r = await benchQueries(quick ? 100_000 : 1_000_000);
      return { history_query_p99_ms: r.history_query_p99_ms, fts_query_p99_ms: r.fts_query_p99_ms, queries_store_build_s: r.build_s };
    },
  ],
  ['history-search', () => benchHistorySearch({ commands: quick ? 100_000 : 1_000_000 })],
  ['suggest', () => benchSuggest({ quick })],
  ['cli', () => benchCli({ commands: quick ? 20_000 : 200_000 })],
  ['retention', async () => ({ ...(await benchIngestAtCap({ rounds: quick ? 3 : 5 })), ...(await benchHourOfHistory()) })],
  ['context', async () => ({ ...(await benchContextBuild()) })],
  ['tokens', async () => ({ ...(await benchTokenEstimate()) })],
  ['redaction', async () => benchRedaction()],
  ['ui', () => benchUi({ quick })],
  ['footprint', () => benchServerFootprint({ quick })],
  ['ssh', () => benchSsh({ quick })],
  ['mcp', () => benchMcp({ quick })],
  ['sync', () => benchSync({ quick })],
];

const verdict = (key: string, value: number): string => {
  const goal = TARGETS[key];
  if (!goal) return '';
  const ok = goal.better === 'higher' ? value >= goal.target : value <= goal.target;
  return `${ok ? 'ok  ' : 'MISS'} (${goal.better === 'higher' ? '≥' : '≤'} ${goal.target})`;
};

const main = async (): Promise<number> => {
  const unknown = only?.filter((name) => !suites.some(([suite]) => suite === name)) ?? [];
  if (unknown.length > 0) {
    console.error(`unknown suite(s): ${unknown.join(', ')}; suites are ${suites.map(([name]) => name).join(', ')}`);
    return 2;
  }
  console.log(`contexterm bench — node ${process.version}, ${cpus().length}× ${cpus()[0]?.model ?? '?'}, ${arch()} ${release()}`);
  const all: Metrics = {};
  const failed: string[] = [];
  for (const [name, run] of suites) {
    if (only && !only.includes(name)) continue;
    const started = performance.now();
    process.stdout.write(`running ${name}… `);
    // A crashed suite fails the run, but only after every other suite has printed its figures.
    try {
      Object.assign(all, await run());
      console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      console.log('CRASHED');
      console.error(error);
      failed.push(name);
    }
  }
  console.log('\n| metric | value | target |\n|---|---|---|');
  for (const [key, value] of Object.entries(all)) console.log(`| ${key} | ${value} | ${verdict(key, value)} |`);
  console.log(`BENCH ${JSON.stringify(all)}`);
  // A figure that misses its target is reported, not failed on: this machine is too noisy to gate on.
  if (failed.length > 0) console.error(`bench: ${failed.length} suite(s) crashed: ${failed.join(', ')}`);
  return failed.length > 0 ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
