// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_RUN_COMMANDS } from '../../../shared/settings/agent-entries';
import { mayRunUnasked } from './allow-list';
import { classifyCommand } from './classify';

/*
 * Lines a hostile model could propose to get a destructive command past the warning, or a
 * harmful one past the allow-list. Each of these was missed before the rule that now catches it.
 */
describe('classifyCommand: destructive commands in disguise still carry the warning', () => {
  it.each([
    ['/bin/rm -rf ~', 'deletes recursively'],
    ['./rm -rf ~', 'deletes recursively'],
    ['/usr/bin/sudo ls', 'runs as another user (sudo)'],
    ['/usr/bin/env rm -rf ~', 'deletes recursively'],
    ['busybox rm -rf ~', 'deletes recursively'],
    ["busybox sh -c 'rm -rf ~'", 'deletes recursively'],
    ["env -S 'rm -rf ~'", 'deletes recursively'],
    ["env -S'rm -rf ~'", 'deletes recursively'],
    ["env --split-string='rm -rf ~'", 'deletes recursively'],
    ["$'\\x72m' -rf ~", 'deletes recursively'],
    ["$'\\162m' -rf ~", 'deletes recursively'],
    ['r{m,} -rf ~', 'deletes recursively'],
    ['rm {-r,x} ~', 'deletes recursively'],
    ['coproc rm -rf ~', 'deletes recursively'],
    ["watch -n 1 'rm -rf ~'", 'deletes recursively'],
    ['flock /tmp/lock rm -rf ~', 'deletes recursively'],
    ["script -qc 'rm -rf ~'", 'deletes recursively'],
    ["ssh -p 22 host 'rm -rf ~'", 'deletes recursively'],
    ["bash -o errexit -c 'rm -rf ~'", 'deletes recursively'],
    ['ls | xargs --replace rm -rf {}', 'deletes recursively'],
    ['find . -exec rm {} \\;', 'deletes every file found'],
    ['find . -print0 | xargs -0 rm -f', 'deletes every file listed'],
    ["git -c core.pager='rm -rf ~' log", 'deletes recursively'],
    ["git -c alias.x='!rm -rf ~' x", 'deletes recursively'],
    ["GIT_PAGER='rm -rf ~' git log", 'deletes recursively'],
    ["export PROMPT_COMMAND='rm -rf ~'", 'deletes recursively'],
    ["LESSOPEN='|rm -rf ~' less x", 'deletes recursively'],
    ["trap 'rm -rf ~' EXIT", 'deletes recursively'],
    ["alias ls='rm -rf ~'", 'deletes recursively'],
    ['bind -x \'"\\C-m": rm -rf ~\'', 'deletes recursively'],
    ["complete -C 'rm -rf ~' make", 'deletes recursively'],
    ["printf -v PROMPT_COMMAND 'rm -rf ~'", 'deletes recursively'],
    ['pkexec rm x', 'runs as another user (pkexec)'],
    ['run0 ls', 'runs as another user (run0)'],
    ['ls | tee /etc/passwd', 'overwrites a file'],
    ['sort -o out.txt in.txt', 'overwrites a file'],
    ['sort -rout.txt in.txt', 'overwrites a file'],
    ['sort --output=out.txt in.txt', 'overwrites a file'],
    ['tree -o listing.txt', 'overwrites a file'],
    ['uniq in.txt out.txt', 'overwrites a file'],
    ['find . -name x -fprint out', 'overwrites a file'],
    ['git checkout -- src/app.ts', 'discards uncommitted changes'],
    ['git checkout -f main', 'discards uncommitted changes'],
    ['git restore .', 'discards uncommitted changes'],
  ])('%s', async (line, reason) => {
    const result = await classifyCommand(line);
    expect(result.risk).toBe('destructive');
    expect(result.reasons.join('\n')).toContain(reason);
  });

  it.each([
    'git checkout main',
    'git checkout -b topic',
    'git restore --staged x',
    'ls | tee -a log',
    'ls | tee /dev/null',
    'sort in.txt',
    'tree -o /dev/null',
    'sort -o /dev/null x',
  ])('leaves %s alone (not destructive)', async (line) => {
    expect((await classifyCommand(line)).risk).not.toBe('destructive');
  });
});

describe('the allow-list: a listed command whose meaning was changed asks', () => {
  const wide = [
    ...DEFAULT_AUTO_RUN_COMMANDS,
    'printf',
    'awk',
    'sed',
    'less',
    'tee',
    'busybox',
    'env',
    'echo',
    'xargs',
    'sort',
    'git status',
    'git log',
  ];

  it.each([
    ['GIT_PAGER=cat git log', 'a variable git runs'],
    ['PAGER=./x git log', 'a variable git runs'],
    ['GIT_EXTERNAL_DIFF=./x git diff', 'a variable git runs'],
    ['LD_PRELOAD=/tmp/x.so ls', 'a library preloaded into ls'],
    ['PATH=/tmp ls', 'another ls'],
    ['export PATH=/tmp:$PATH; ls', 'the shell changed for later commands'],
    ['x=1; ls', 'a variable set in the user’s shell'],
    ['ls(){ cat x; }; ls', 'a function replacing ls in the user’s shell'],
    ['git --exec-path=/tmp status', 'git programs from elsewhere'],
    ['printf -v x %s 1; ls', 'a variable set by printf'],
  ])('%s (%s) asks, with the default list', async (line) => {
    expect(await mayRunUnasked(line, DEFAULT_AUTO_RUN_COMMANDS)).toBe(false);
  });

  it.each([
    'awk \'BEGIN{system("id")}\'',
    "sed -n '1e id' file",
    'sed -i s/a/b/ file',
    "less +'!id' file",
    'ls | tee out',
    'busybox id',
    "env -S 'id'",
    'ls \u2022\u4e2d x',
    "printf -v PS1 '$(id)'",
    // Issue 40's red team: each ran unasked with the list on.
    "find . -name '*.log' | xargs --process-slot-var ls rm -rf",
    'sort -S 1K --compress-program=sh words.txt',
    'file --compile -m magic',
    'git status',
    'git log --oneline',
  ])('%s asks even when the user listed the program', async (line) => {
    expect(await mayRunUnasked(line, wide)).toBe(false);
  });

  it('still lets plain listed commands run', async () => {
    expect(await mayRunUnasked('ls -la src', DEFAULT_AUTO_RUN_COMMANDS)).toBe(true);
    expect(await mayRunUnasked('ls{,}', DEFAULT_AUTO_RUN_COMMANDS)).toBe(true);
  });
});
