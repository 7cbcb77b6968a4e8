// SPDX-License-Identifier: MIT
// Where a page's time went in a flood: `node tests/bench/ui/trace-summary.mjs NAME.trace.json
// [NAME.cpuprofile]` (both written by CT_BENCH_PROFILE=DIR CT_BENCH_TRACE=1, see page-profile.ts).
// From the trace: the busiest renderer main thread's time by kind (script, style and layout,
// paint, GC, idle), exclusive of nested events. From the CPU profile: script time by where it
// was written, each sample's function mapped back through the build's source maps (and xterm.js's
// own) to its source file, grouped (xterm parse, xterm render, our output path, React, …).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sourceMap from 'source-map';

const [tracePath, profilePath] = process.argv.slice(2);
const KINDS = [
  [
    /^(FunctionCall|EvaluateScript|v8\.|V8\.Execute|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.run|RunTask)/i,
    'task/script',
  ],
  [/GC|Sweep|Mark|Scaveng|Compact/i, 'gc'],
  [/UpdateLayoutTree|RecalcStyle|Layout|ParseAuthorStyleSheet|StyleInvalidator|ScheduleStyleRecalculation/, 'style+layout'],
  [/Paint|Layerize|Commit|UpdateLayer|CompositeLayers|PrePaint|Rasterize|Decode/, 'paint+composite'],
];
const kindOf = (name) => KINDS.find(([pattern]) => pattern.test(name))?.[1] ?? `other:${name}`;

const trace = JSON.parse(readFileSync(tracePath, 'utf8'));
const events = Array.isArray(trace) ? trace : trace.traceEvents;
const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
/** Exclusive time per event name on one thread (nested X events subtract from their parent). */
const exclusive = (pid, tid) => {
  const mine = complete.filter((e) => e.pid === pid && e.tid === tid).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  let first = Infinity;
  let last = 0;
  for (const event of mine) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur);
    else {
      first = Math.min(first, event.ts);
      last = Math.max(last, event.ts + event.dur);
    }
    self.set(event.name, (self.get(event.name) ?? 0) + event.dur);
    stack.push(event);
  }
  return { self, span: last - first };
};
const busiest = mains
  .map((m) => ({ ...m, ...exclusive(m.pid, m.tid) }))
  .sort((a, b) => [...b.self.values()].reduce((s, v) => s + v, 0) - [...a.self.values()].reduce((s, v) => s + v, 0))[0];
const ms = (us) => (us / 1000).toFixed(0).padStart(6);
if (busiest) {
  const total = [...busiest.self.values()].reduce((s, v) => s + v, 0);
  const byKind = new Map();
  for (const [name, us] of busiest.self) byKind.set(kindOf(name), (byKind.get(kindOf(name)) ?? 0) + us);
  console.log(`renderer main thread: busy ${ms(total)} ms of ${ms(busiest.span)} ms traced`);
  for (const [kind, us] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${ms(us)} ms  ${kind}`);
  const frames = events.filter((e) => e.name === 'DrawFrame' || e.name === 'Graphics.Pipeline.DrawFrame').length;
  console.log(`  frames drawn (DrawFrame): ${frames}`);
  const tasks = complete.filter((e) => e.pid === busiest.pid && e.tid === busiest.tid && e.name === 'RunTask').map((e) => e.dur / 1000);
  console.log(
    `  tasks: ${tasks.length}, over 50 ms: ${tasks.filter((d) => d > 50).length}, longest ${Math.max(0, ...tasks).toFixed(0)} ms`,
  );
}

if (profilePath) {
  const assets = 'dist/renderer/assets';
  const consumers = new Map();
  const consumer = (file) => {
    if (!consumers.has(file)) {
      let map;
      try {
        map = new sourceMap.SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')));
      } catch {
        map = null;
      }
      consumers.set(file, map);
    }
    return consumers.get(file);
  };
  const xtermMap = consumer('node_modules/@xterm/xterm/lib/xterm.mjs.map');
  const files = new Set(readdirSync(assets));
  const sourceOf = (frame) => {
    const file = frame.url.split('/').pop().split('?')[0];
    if (!files.has(`${file}.map`)) return frame.url ? file : `(${frame.functionName || 'native'})`;
    const pos = consumer(join(assets, `${file}.map`))?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!pos?.source) return file;
    if (pos.source.endsWith('@xterm/xterm/lib/xterm.mjs')) {
      const inner = xtermMap?.originalPositionFor({ line: pos.line, column: pos.column });
      return `xterm:${inner?.source?.replace(/^\.\.\//, '') ?? '?'}`;
    }
    return pos.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/');
  };
  const GROUPS = [
    [
      /^xterm:src\/common\/(parser|input|InputHandler)|xterm:src\/common\/buffer|xterm:src\/common\/(CoreTerminal|services\/BufferService)/,
      'xterm parse + buffer',
    ],
    [/^xterm:src\/browser\/(renderer|services\/RenderService|RenderDebouncer)/, 'xterm render (DOM)'],
    [/^xterm:/, 'xterm other'],
    [/react-dom|node_modules\/react|scheduler/, 'React'],
    [/sticky|command-decorations|gutter/, 'sticky header + gutter marks'],
    [/transport|socket|wire|ipc/, 'frames (socket, decode)'],
    [/shared\/terminal|terminal-output|sliced-writes|coalesced/, 'our output path (trim, coalesce, flow control)'],
    [/^renderer\/|^shared\//, 'other app code'],
    [/^\((garbage collector)\)/, 'GC'],
    [/^\((idle|program|root)\)/, 'idle/program'],
  ];
  const profile = JSON.parse(readFileSync(profilePath, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const bySource = new Map();
  profile.samples.forEach((id, i) => {
    const key = sourceOf(nodes.get(id).callFrame);
    bySource.set(key, (bySource.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...bySource.values()].reduce((s, v) => s + v, 0);
  const byGroup = new Map();
  for (const [source, us] of bySource) {
    const group = GROUPS.find(([pattern]) => pattern.test(source))?.[1] ?? 'other';
    byGroup.set(group, (byGroup.get(group) ?? 0) + us);
  }
  console.log(`\nCPU profile: ${ms(total)} ms sampled`);
  for (const [group, us] of [...byGroup].sort((a, b) => b[1] - a[1]))
    console.log(`  ${ms(us)} ms ${((us / total) * 100).toFixed(1).padStart(5)}%  ${group}`);
  console.log('top sources:');
  for (const [source, us] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25)))
    console.log(`  ${ms(us)} ms  ${source}`);
}
