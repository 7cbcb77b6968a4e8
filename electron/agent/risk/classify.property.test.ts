// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify';

/** A generated line and whether it is one simple command (wrappers such as sudo or xargs need one). */
interface Line {
  readonly text: string;
  readonly simple: boolean;
}

const singleQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const doubleQuote = (s: string): string => `"${s.replace(/[\\"$`]/g, '\\$&')}"`;

const name = fc.stringMatching(/^[a-z][a-z0-9_-]{0,7}$/);
const path = fc.array(name, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
/** The same word as the shell sees it, written plain, single- or double-quoted. */
const quoted = (word: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(word, fc.constantFrom('plain', 'single', 'double'))
    .map(([w, q]) => (q === 'single' ? singleQuote(w) : q === 'double' ? doubleQuote(w) : w));
const shuffled = (items: string[]): fc.Arbitrary<string> =>
  fc.shuffledSubarray(items, { minLength: items.length }).map((xs) => xs.join(' '));
const simple = (text: fc.Arbitrary<string>): fc.Arbitrary<Line> => text.map((t) => ({ text: t, simple: true }));

const benign = fc.oneof(
  fc.constant('ls -la'),
  fc.constant('git status'),
  path.map((p) => `cat ${p}`),
  name.map((n) => `echo ${n}`),
  fc.tuple(name, path).map(([n, p]) => `grep -n ${n} ${p}`),
);

/** The families issue 40 found without a warning, options in any order, words quoted any way. */
const issue40Families: fc.Arbitrary<Line>[] = [
  simple(
    fc
      .tuple(
        fc.constantFrom('docker', 'podman'),
        fc.constantFrom('system', 'volume', 'image', 'container'),
        fc.constantFrom([], ['-f'], ['-a', '-f'], ['--all']),
      )
      .chain(([d, what, opts]) => shuffled([...opts]).map((o) => `${d} ${what} prune ${o}`.trim())),
  ),
  simple(
    fc
      .tuple(fc.constantFrom('rm', 'rmi'), fc.constantFrom('-f', '--force'), name)
      .chain(([sub, f, n]) => shuffled([f, n]).map((a) => `docker ${sub} ${a}`)),
  ),
  simple(
    fc
      .tuple(fc.constantFrom('', '-n prod ', '--context x '), fc.constantFrom('ns', 'pod', 'deployment'), name)
      .map(([g, kind, n]) => `kubectl ${g}delete ${kind} ${n}`),
  ),
  simple(name.map((n) => `helm uninstall ${n}`)),
  simple(
    fc.constantFrom(
      'terraform destroy',
      'terraform destroy -auto-approve',
      'terraform apply -auto-approve',
      'tofu destroy',
      'terraform apply -destroy',
    ),
  ),
  simple(
    fc
      .tuple(fc.constantFrom('--delete', '--delete-after', '--del', '--remove-source-files'), quoted(path), quoted(path))
      .chain(([d, a, b]) => shuffled(['-a', d]).map((o) => `rsync ${o} ${a}/ ${b}/`)),
  ),
  simple(
    fc
      .tuple(
        fc.constantFrom(
          'clean -f',
          'clean -fd',
          'rm -rf',
          'rm -r',
          'push --delete origin',
          'push --mirror origin',
          'branch -D',
          'stash clear',
        ),
        name,
      )
      .map(([g, n]) => `git ${g} ${n}`),
  ),
  simple(quoted(path).map((p) => `cp /dev/null ${p}`)),
  simple(fc.tuple(quoted(path), quoted(path)).map(([a, b]) => `mv -f ${a} ${b}`)),
  simple(
    fc.constantFrom(
      'wipefs -a /dev/sdb',
      'crontab -r',
      'kill -- -1',
      'kill -9 -1',
      'shutdown now',
      'shutdown -h +5',
      'reboot',
      'poweroff',
      'halt',
      'systemctl reboot',
    ),
  ),
  simple(
    fc
      .tuple(fc.constantFrom('dpkg --purge', 'dpkg -P', 'dpkg -r', 'rpm -e', 'rpm --erase', 'apt purge', 'dnf remove'), name)
      .map(([p, n]) => `${p} ${n}`),
  ),
  simple(
    fc
      .tuple(fc.constantFrom('aws s3 rm --recursive s3://', 'aws s3 rb --force s3://', 'gsutil rm -r gs://', 'gsutil -m rm gs://'), name)
      .map(([p, n]) => `${p}${n}`),
  ),
  simple(
    fc
      .tuple(
        fc.constantFrom('psql -c', 'mysql -e', 'sqlite3 app.db'),
        fc.constantFrom('DROP DATABASE', 'DROP TABLE', 'TRUNCATE', 'DELETE FROM', 'drop table'),
        name,
      )
      .chain(([client, stmt, n]) =>
        quoted(fc.constant(`${stmt} ${n}`)).map((q) => `${client} ${q.includes(' ') && !/^['"]/.test(q) ? singleQuote(q) : q}`),
      ),
  ),
  simple(
    fc
      .tuple(fc.constantFrom('FLUSHALL', 'flushdb', 'FlushAll'), fc.constantFrom('', '-n 2 ', '-h host '))
      .map(([f, o]) => `redis-cli ${o}${f}`),
  ),
  simple(fc.tuple(fc.constantFrom('sed -i', 'sed --in-place=.bak', 'perl -pi -e'), quoted(path)).map(([s, p]) => `${s} s/a/b/ ${p}`)),
  simple(fc.tuple(fc.constantFrom('pkill', 'killall', 'pkill -f'), name).map(([k, n]) => `${k} ${n}`)),
  simple(fc.tuple(fc.constantFrom('stop', 'disable', 'mask', 'disable --now'), name).map(([v, n]) => `systemctl ${v} ${n}`)),
  simple(fc.tuple(quoted(path), name).map(([p, n]) => `find ${p} -name '${n}*' -delete`)),
];

/** One command of each kind the issue lists, with its flags in any order and its words quoted any way. */
const destructiveCore: fc.Arbitrary<Line> = fc.oneof(
  simple(
    fc
      .tuple(quoted(fc.constantFrom('-r', '-R', '--recursive', '-rf', '-fr', '-Rf')), fc.constantFrom([], ['-f'], ['-v']), quoted(path))
      .chain(([r, extra, p]) => shuffled([r, ...extra, p]).map((args) => `rm ${args}`)),
  ),
  simple(fc.tuple(path, fc.constantFrom('*', '*.log', 'build-?', '[ab]*')).map(([p, g]) => `rm -f ${p}/${g}`)),
  fc.tuple(benign, fc.constantFrom('>', '>|', '&>'), quoted(path)).map(([b, op, p]) => ({ text: `${b} ${op} ${p}`, simple: false })),
  simple(
    fc
      .tuple(quoted(path), fc.constantFrom('bs=1M', 'status=progress', 'if=/dev/zero'))
      .chain(([p, o]) => shuffled([`of=${p}`, o]).map((a) => `dd ${a}`)),
  ),
  simple(fc.tuple(fc.constantFrom('mkfs', 'mkfs.ext4', 'mkfs.vfat'), name).map(([m, d]) => `${m} /dev/${d}`)),
  simple(quoted(path).map((p) => `truncate -s 0 ${p}`)),
  simple(quoted(path).map((p) => `shred -u ${p}`)),
  simple(fc.tuple(fc.constantFrom('sudo', 'doas', 'sudo -u root'), benign).map(([s, b]) => `${s} ${b}`)),
  simple(fc.constantFrom('su', 'su -', 'su root')),
  simple(
    fc
      .tuple(fc.constantFrom('chmod', 'chown'), fc.constantFrom('-R', '--recursive'), quoted(path))
      .chain(([c, r, p]) => shuffled([r, c === 'chmod' ? '755' : 'me:me', p]).map((a) => `${c} ${a}`)),
  ),
  fc
    .tuple(
      fc.constantFrom('curl -fsSL', 'wget -qO-', 'curl'),
      name,
      fc.constantFrom('sh', 'bash', 'zsh', 'sudo bash', 'python3', 'sh -s -- --yes'),
    )
    .map(([d, host, sh]) => ({ text: `${d} https://${host}.example/install | ${sh}`, simple: false })),
  simple(
    fc
      .tuple(fc.constantFrom('--force', '-f', '--force-with-lease'), fc.constantFrom([], ['origin'], ['origin', 'main']))
      .chain(([f, rest]) => shuffled([f, ...rest]).map((a) => `git push ${a}`)),
  ),
  simple(fc.constantFrom('', ' HEAD', ' HEAD~2', ' origin/main').map((ref) => `git reset --hard${ref}`)),
  simple(fc.constantFrom('-fdx', '-xdf', '-fd', '-f -d', '-d -f', '--force -x', '-dfx')).map((l) => ({
    ...l,
    text: `git clean ${l.text}`,
  })),
  simple(
    fc
      .tuple(
        fc.constantFrom('kill -9', 'kill -KILL', 'kill -SIGKILL', 'kill -s KILL', 'pkill -9', 'killall -9'),
        fc.integer({ min: 1, max: 99999 }),
      )
      .map(([k, pid]) => `${k} ${pid}`),
  ),
  simple(
    fc
      .tuple(
        fc.constantFrom(
          'apt remove',
          'apt-get purge -y',
          'apt autoremove',
          'dnf remove',
          'yum erase',
          'zypper rm',
          'pacman -Rns',
          'brew uninstall',
          'npm uninstall -g',
          'npm rm --global',
          'pip uninstall -y',
          'snap remove',
          'flatpak uninstall',
        ),
        name,
      )
      .map(([p, n]) => `${p} ${n}`),
  ),
  ...issue40Families,
);

/** Wraps or composes a line so the destructive part sits somewhere a regex over the string would miss. */
const wrap = (line: Line): fc.Arbitrary<Line> =>
  fc.oneof(
    benign.map((b) => ({ text: `${b} | ${line.text}`, simple: false })),
    benign.map((b) => ({ text: `${b} && ${line.text}`, simple: false })),
    benign.map((b) => ({ text: `${b} || ${line.text}`, simple: false })),
    benign.map((b) => ({ text: `${line.text}; ${b}`, simple: false })),
    fc.constant({ text: `( ${line.text} )`, simple: false }),
    fc.constant({ text: `{ ${line.text}; }`, simple: false }),
    fc.constant({ text: `echo "$( ${line.text} )"`, simple: false }),
    fc.constant({ text: `if true; then ${line.text}; fi`, simple: false }),
    // eval is a builtin: sudo, xargs or find -exec cannot run it, so it is not offered to them.
    fc.constant({ text: `eval ${singleQuote(line.text)}`, simple: false }),
    fc.constantFrom('bash -c', 'sh -c', 'zsh -lc').chain((sh) =>
      quoted(fc.constant(line.text)).map((q) => ({
        text: `${sh} ${q.startsWith("'") || q.startsWith('"') ? q : singleQuote(q)}`,
        simple: true,
      })),
    ),
    ...(line.simple
      ? [
          benign.map((b) => ({ text: `${b} | xargs -0 -n 1 ${line.text}`, simple: false })),
          fc
            .constantFrom(
              'sudo',
              'env FOO=1',
              'nice -n 5',
              'timeout 10',
              'nohup',
              'time',
              'stdbuf --output L',
              'ionice --class 3',
              'nice --adjustment 5',
              'timeout -k 1 5',
              'env --chdir /tmp',
              'chrt -f 10',
              'taskset -c 0',
              'setsid -f',
              'sudo --user root',
              'xargs --max-chars 100',
            )
            .map((w) => ({ text: `${w} ${line.text}`, simple: true })),
          fc
            .constantFrom('xargs --process-slot-var V', 'xargs -s 100', 'xargs --max-c 100', 'xargs --delimiter ,')
            .chain((x) => benign.map((b) => ({ text: `${b} | ${x} ${line.text}`, simple: false }))),
          fc.constant({ text: `find . -name '*.x' -exec ${line.text} {} \\;`, simple: false }),
        ]
      : []),
  );

const wrapped: fc.Arbitrary<Line> = fc.tuple(destructiveCore, fc.integer({ min: 0, max: 3 })).chain(([core, depth]) => {
  let arb: fc.Arbitrary<Line> = fc.constant(core);
  for (let i = 0; i < depth; i++) arb = arb.chain(wrap);
  return arb;
});

const readOnlyCommand = fc.oneof(
  fc.constantFrom('ls', 'ls -la', 'pwd', 'git status', 'git log --oneline -5', 'git diff', 'git show HEAD', 'env', 'df -h'),
  path.map((p) => `cat ${p}`),
  fc.tuple(fc.integer({ min: 1, max: 50 }), path).map(([n, p]) => `head -n ${n} ${p}`),
  fc.tuple(name, quoted(path)).map(([n, p]) => `grep -rn ${n} ${p}`),
  name.map((n) => `rg ${n}`),
  fc.tuple(path, name).map(([p, n]) => `find ${p} -name '${n}*' -type f`),
  fc.tuple(path, fc.constantFrom('', ' 2>/dev/null', ' > /dev/null', ' 2>&1')).map(([p, r]) => `wc -l ${p}${r}`),
  quoted(name).map((n) => `echo ${n}`),
);

const readOnlyLine: fc.Arbitrary<string> = fc.letrec<{ line: string }>((tie) => ({
  line: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    readOnlyCommand,
    fc.tuple(tie('line'), fc.constantFrom(' | ', ' && ', ' || ', '; '), tie('line')).map(([a, op, b]) => `${a}${op}${b}`),
    tie('line').map((l) => `( ${l} )`),
    tie('line').map((l) => `echo "$( ${l} )"`),
    readOnlyCommand.map((c) => `ls | xargs ${c.replace(/ *[0-9]*>.*$/, '')}`),
    fc
      .tuple(
        fc.constantFrom(
          'stdbuf -oL',
          'stdbuf --output L',
          'timeout -s KILL 5',
          'nice --adjustment 5',
          'ionice -c 3',
          'xargs --max-args 1',
          'xargs --process-slot-var V',
        ),
        readOnlyCommand,
      )
      .map(([w, c]) => (w.startsWith('xargs') ? `ls | ${w} ${c.replace(/ *[0-9]*>.*$/, '')}` : `${w} ${c}`)),
  ),
})).line;

describe('classifyCommand, property: no false "safe" for the listed patterns', () => {
  it('never answers read-only or other for a line that embeds a destructive command', async () => {
    await fc.assert(
      fc.asyncProperty(wrapped, async (line) => {
        // unparsed is not "safe": it always asks, like destructive.
        const { risk } = await classifyCommand(line.text);
        expect(['destructive', 'unparsed'], line.text).toContain(risk);
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('answers exactly destructive for such lines, since they are valid bash (fixed seed)', async () => {
    await fc.assert(
      fc.asyncProperty(wrapped, async (line) => {
        expect((await classifyCommand(line.text)).risk, line.text).toBe('destructive');
      }),
      { numRuns: 400, seed: 23 },
    );
  }, 120_000);

  it('answers read-only for lines made only of read-only commands without writing redirections', async () => {
    await fc.assert(
      fc.asyncProperty(readOnlyLine, async (line) => {
        expect((await classifyCommand(line)).risk, line).toBe('read-only');
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
