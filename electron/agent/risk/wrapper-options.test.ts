// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_RUN_COMMANDS } from '../../../shared/settings/agent-entries';
import { mayRunUnasked } from './allow-list';
import { classifyCommand } from './classify';

/*
 * The red team's wrapper cases (issue 40): an option that takes a value, written as the next word
 * or abbreviated, made the unwrapper take the value for the command, so `rm -rf` behind it lost its
 * warning or, behind xargs, ran unasked as `ls`.
 */
describe('wrappers: every option that takes a value is known, and an unknown one keeps the search going', () => {
  it.each([
    "find . -name '*.log' | xargs --process-slot-var ls rm -rf",
    'xargs --max-chars 100 rm -rf x',
    'xargs --max-c 100 rm -rf x',
    'xargs -s 100 rm -rf x',
    'xargs --delimiter , rm -rf x',
    'xargs -a list.txt rm -rf',
    'xargs --frobnicate ls rm -rf x',
    'stdbuf --output L rm -rf x',
    'stdbuf -o L rm -rf x',
    'stdbuf -oL rm -rf x',
    'ionice --class 3 rm -rf x',
    'ionice -c 3 -n 7 rm -rf x',
    'ionice --classdata 7 rm -rf x',
    'nice --adjustment 5 rm -rf x',
    'timeout --signal KILL 5 rm -rf x',
    'timeout -k 1 --preserve-status 5 rm -rf x',
    'env --unset HOME rm -rf x',
    'env --chdir /tmp rm -rf x',
    'env -i -C /tmp rm -rf x',
    'chrt -f 10 rm -rf x',
    'chrt --sched-runtime 5 -d 0 rm -rf x',
    'taskset -c 0 rm -rf x',
    'taskset 0x1 rm -rf x',
    'setsid -f rm -rf x',
    'command -p rm -rf x',
    'nohup rm -rf x',
    'exec -a name rm -rf x',
    'flock --timeout 5 /tmp/lock rm -rf x',
    'flock -w 5 /tmp/lock rm -rf x',
    'doas -u root rm -rf x',
    'sudo --chdir /tmp rm -rf x',
    'sudo -D /tmp -E rm -rf x',
    'sudo --preserve-env=PATH rm -rf x',
  ])('%s keeps its warning', async (line) => {
    const result = await classifyCommand(line);
    expect(result.risk, line).toBe('destructive');
    expect(result.reasons.join('\n')).toMatch(/deletes/);
  });

  it.each([
    'ls | xargs -0 -n 1 cat',
    'ls | xargs --max-args=1 cat',
    'stdbuf -oL cat x',
    'timeout 5 cat x',
    'timeout --signal=KILL 5 cat x',
    'env -u HOME ls',
    'nice -n 5 ls',
    'ionice -c 3 ls',
    'ls | xargs --process-slot-var ls cat',
  ])('%s stays read-only', async (line) => {
    expect((await classifyCommand(line)).risk).toBe('read-only');
  });

  it.each([
    ['ls | xargs --frobnicate cat', 'an option xargs does not have'],
    ['nohup ls', 'nohup writes nohup.out'],
    ['ionice -c 3 -p 1', 'changes another process'],
  ])('%s is not read-only (%s)', async (line) => {
    expect((await classifyCommand(line)).risk).not.toBe('read-only');
  });
});

describe('programs whose options run a program or write a file are not read-only', () => {
  const listed = [...DEFAULT_AUTO_RUN_COMMANDS, 'sort', 'man', 'tar', 'rsync', 'hostname', 'xargs', 'date', 'awk', 'sed'];
  it.each([
    'sort --compress-program=sh words.txt',
    'sort -S 1K --compress-program=sh words.txt',
    'sort --compress-program sh words.txt',
    'sort --compress-prog=sh words.txt',
    'sort --output=x words.txt',
    'file --compile',
    'file -C -m magic',
    'file -bC',
    'find . -fprintf out %p',
    'find . -okdir rm {} ;',
    'tree -R',
    'rg --pre ./x pattern',
    'hostname -F /etc/hostname',
    'date --set 12:00',
    "man -P 'sh -c id' ls",
    'man --pager=cat ls',
    'tar --to-command=sh -xf a.tar',
    'tar -I sh -tf a.tar',
    'tar --use-compress-program sh -tf a.tar',
    'tar -xf a.tar',
    "rsync -e 'sh -c id' a b",
    'rsync -a a b',
    'awk \'BEGIN{system("id")}\'',
    "sed 'w out' file",
    "sed -n '1e id' file",
    "env -S 'id'",
    'ls | xargs -I{} sh -c id',
  ])('%s', async (line) => {
    expect((await classifyCommand(line)).risk, line).not.toBe('read-only');
    expect(await mayRunUnasked(line, listed), line).toBe(false);
  });

  it.each([
    'sort -S 1K words.txt',
    'sort -k2,2 -t, words.txt',
    'file -b x',
    'tar -tf a.tar',
    'tar --list -vf a.tar',
    'hostname',
    'date -u',
  ])('%s stays read-only and may run when listed', async (line) => {
    expect((await classifyCommand(line)).risk, line).toBe('read-only');
    expect(await mayRunUnasked(line, listed), line).toBe(true);
  });
});
