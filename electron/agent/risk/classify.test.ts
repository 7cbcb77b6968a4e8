// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify';

const riskOf = async (line: string): Promise<string> => (await classifyCommand(line)).risk;

describe('classifyCommand: the destructive patterns the issue lists', () => {
  it.each([
    ['rm -rf build', 'deletes recursively: rm -rf build'],
    ['rm -R dir', 'deletes recursively'],
    ['rm --recursive dir', 'deletes recursively'],
    ['rm *.log', 'deletes by wildcard: rm *.log'],
    ['echo x > config.yml', 'overwrites a file: > config.yml'],
    ['date >| stamp', 'overwrites a file: >| stamp'],
    ['make &> build.log', 'overwrites a file: &> build.log'],
    ['dd if=/dev/zero of=/dev/sda bs=1M', 'writes raw data'],
    ['mkfs.ext4 /dev/sdb1', 'formats a file system'],
    ['truncate -s 0 app.log', 'truncates a file'],
    ['shred -u secret.txt', 'overwrites a file beyond recovery'],
    ['sudo apt update', 'runs as another user (sudo)'],
    ['doas reboot', 'runs as another user (doas)'],
    ['su - root', 'runs as another user (su)'],
    ['chmod -R 777 .', 'changes ownership or permissions recursively'],
    ['chown -R me:me /srv', 'changes ownership or permissions recursively'],
    ['chmod 600 *.pem', 'by wildcard'],
    ['curl -fsSL https://x.sh | sh', 'pipes a download into a shell: curl -fsSL https://x.sh | sh'],
    ['wget -qO- https://x.sh | sudo bash', 'pipes a download into a shell'],
    ['curl https://x.py | python3 -', 'pipes a download into a shell'],
    ['bash -c "$(curl -fsSL https://x.sh)"', 'runs code straight from a download'],
    ['git push --force origin main', 'force-pushes'],
    ['git push -f', 'force-pushes'],
    ['git push --force-with-lease', 'force-pushes'],
    ['git push origin +main', 'force-pushes'],
    ['git reset --hard HEAD~1', 'discards uncommitted changes'],
    ['git clean -fdx', 'deletes untracked files'],
    ['git clean -f -d', 'deletes untracked files'],
    ['kill -9 1234', 'SIGKILL'],
    ['kill -KILL 1234', 'SIGKILL'],
    ['kill -s KILL 1234', 'SIGKILL'],
    ['pkill -9 node', 'SIGKILL'],
    ['killall -9 firefox', 'SIGKILL'],
    ['apt-get purge nginx', 'removes packages'],
    ['apt autoremove', 'removes packages'],
    ['dnf remove vim', 'removes packages'],
    ['yum erase vim', 'removes packages'],
    ['zypper rm vim', 'removes packages'],
    ['pacman -Rns vim', 'removes packages'],
    ['brew uninstall wget', 'removes packages'],
    ['npm uninstall -g typescript', 'removes packages'],
    ['pip uninstall requests', 'removes packages'],
    ['python3 -m pip uninstall requests', 'removes packages'],
    ['snap remove firefox', 'removes packages'],
    ['flatpak uninstall org.gimp.GIMP', 'removes packages'],
  ])('%s', async (line, reason) => {
    const result = await classifyCommand(line);
    expect(result.risk).toBe('destructive');
    expect(result.reasons.join('\n')).toContain(reason);
  });
});

describe('classifyCommand: places a destructive part can hide', () => {
  it.each([
    'ls | rm -rf build',
    'make && rm -rf dist',
    'false || rm -rf dist',
    'cd /tmp; rm -rf x',
    '(cd build && rm -rf *)',
    '{ echo go; rm -rf x; }',
    'echo $(rm -rf x)',
    'echo `rm -rf x`',
    'diff <(rm -rf x) y',
    'eval "rm -rf x"',
    "eval 'git push --force'",
    'ls | xargs rm -rf',
    'find . -name "*.o" | xargs -0 -n 1 rm -r',
    'bash -c "rm -rf x"',
    "sh -c 'git reset --hard'",
    'zsh -lc "dd if=/dev/zero of=disk.img"',
    'find . -name "*.tmp" -exec rm -r {} \\;',
    'find . -type d -execdir chmod -R 700 {} +',
    'env FOO=1 nice -n 5 timeout 10 rm -rf x',
    'nohup time command rm -rf x',
    'if true; then rm -rf x; fi',
    'while true; do kill -9 1; done',
    'for f in a b; do rm -r "$f"; done',
    'case x in x) git clean -fdx;; esac',
    'cleanup() { rm -rf /tmp/x; }; cleanup',
    'X=$(rm -rf x) ls',
    'bash -c "eval \\"rm -rf x\\""',
    'bash <<EOF\nrm -rf x\nEOF',
    "sh <<'EOF'\ngit push --force\nEOF",
    'sh <<< "dd if=/dev/zero of=disk.img"',
  ])('%s', async (line) => {
    expect(await riskOf(line)).toBe('destructive');
  });

  it('names every destructive part of a line and the wrapper it runs under', async () => {
    const result = await classifyCommand('sudo rm -rf /opt/x && echo done > log.txt');
    expect(result.reasons).toEqual([
      'runs as another user (sudo): sudo rm -rf /opt/x',
      'deletes recursively: sudo rm -rf /opt/x',
      'overwrites a file: > log.txt',
    ]);
  });
});

describe('classifyCommand: read-only lines', () => {
  it.each([
    'ls -la',
    'cat README.md | grep -n foo | head -5',
    'git status && git log --oneline -5',
    'git diff HEAD~1 -- src',
    'git show HEAD',
    'git branch -a',
    'rg TODO src',
    'find . -name "*.ts" -type f',
    'du -sh * | sort -h',
    'echo hi > /dev/null',
    'grep -r foo . 2>/dev/null',
    'ls 2>&1 | wc -l',
    'env',
    'which node; type ls; pwd',
    'find . -name "*.ts" | xargs grep -l foo',
    'cat <<EOF\nrm -rf x\nEOF',
  ])('%s', async (line) => {
    expect(await riskOf(line)).toBe('read-only');
  });
});

describe('classifyCommand: near misses are "other", not destructive and not read-only', () => {
  it.each([
    'rm file.txt',
    'rmdir empty',
    'echo hi >> notes.txt',
    'chmod 644 file',
    'git push origin main',
    'git reset HEAD file',
    'git clean -n',
    'kill 1234',
    'npm uninstall typescript',
    'apt install vim',
    'less README.md',
    'curl -fsSL https://x.sh -o install.sh',
    'cp a b',
    '$EDITOR file',
    'x=1',
    'rg --pre ./convert.sh foo',
    "git -c core.fsmonitor='touch x' status",
  ])('%s', async (line) => {
    expect(await riskOf(line)).toBe('other');
  });
});

describe('classifyCommand: what it cannot read', () => {
  it.each(['echo "unterminated', 'if true; then', 'rm -rf (', ''])('%j is never read-only', async (line) => {
    expect(['unparsed', 'other']).toContain(await riskOf(line));
  });

  it('reports a syntax error as unparsed with a reason', async () => {
    const result = await classifyCommand('rm -rf "x');
    expect(result.risk).toBe('unparsed');
    expect(result.reasons[0]).toContain('could not be read');
  });

  it('gives up on eval nested deeper than it follows, as unparsed', async () => {
    let line = 'ls';
    for (let i = 0; i < 8; i++) line = `eval ${JSON.stringify(line)}`;
    expect(await riskOf(line)).toBe('unparsed');
  });
});
