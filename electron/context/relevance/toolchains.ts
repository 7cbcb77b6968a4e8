// SPDX-License-Identifier: MIT

/** Tools grouped by the ecosystem they belong to: `npm test` and `npx vitest` share a toolchain. */
const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  rust: ['cargo', 'rustc', 'rustup', 'rustfmt', 'clippy-driver'],
  node: [
    'npm',
    'npx',
    'node',
    'yarn',
    'pnpm',
    'bun',
    'deno',
    'tsc',
    'tsx',
    'ts-node',
    'vite',
    'vitest',
    'jest',
    'eslint',
    'prettier',
    'webpack',
    'esbuild',
  ],
  git: ['git', 'gh', 'glab', 'tig', 'lazygit'],
  container: ['docker', 'docker-compose', 'podman', 'buildah', 'nerdctl', 'skopeo'],
  python: [
    'python',
    'python3',
    'pip',
    'pip3',
    'pytest',
    'poetry',
    'uv',
    'uvx',
    'pipenv',
    'conda',
    'tox',
    'mypy',
    'ruff',
    'black',
    'flake8',
    'django-admin',
  ],
  native: ['make', 'cmake', 'ninja', 'meson', 'bazel', 'gcc', 'g++', 'clang', 'clang++', 'cc', 'ld', 'gdb', 'valgrind'],
  go: ['go', 'gofmt', 'golangci-lint', 'dlv'],
  kubernetes: ['kubectl', 'helm', 'k9s', 'kind', 'minikube', 'kustomize', 'k3d', 'oc', 'kubectx', 'stern'],
  infra: ['terraform', 'tofu', 'terragrunt', 'pulumi', 'ansible', 'ansible-playbook', 'packer'],
  jvm: ['mvn', 'gradle', 'gradlew', 'java', 'javac', 'kotlinc', 'sbt'],
  ruby: ['ruby', 'gem', 'bundle', 'rake', 'rails', 'rspec'],
  cloud: ['aws', 'gcloud', 'az', 'doctl', 'flyctl', 'vercel', 'netlify'],
  remote: ['ssh', 'scp', 'rsync', 'mosh', 'sftp'],
  database: ['psql', 'pg_dump', 'mysql', 'mysqldump', 'sqlite3', 'redis-cli', 'mongosh', 'mongo'],
  services: ['systemctl', 'journalctl', 'service', 'supervisorctl'],
  packages: ['apt', 'apt-get', 'dpkg', 'brew', 'dnf', 'yum', 'pacman', 'snap', 'flatpak', 'nix'],
};

const FAMILY_OF = new Map<string, string>(Object.entries(FAMILIES).flatMap(([family, tools]) => tools.map((t) => [t, family] as const)));

/** Prefixes that run another command; the tool is what they run. */
const WRAPPERS = new Set([
  'sudo',
  'doas',
  'time',
  'env',
  'nice',
  'nohup',
  'exec',
  'command',
  'builtin',
  'watch',
  'timeout',
  'xargs',
  'caffeinate',
  'stdbuf',
]);

export interface Toolchain {
  readonly tool: string;
  readonly family: string | null;
}

/** Relevance scoring asks for every candidate on every question; the same lines recur constantly. */
const memo = new Map<string, Toolchain | null>();

/** The program a command line runs: first word after env assignments and wrappers, by basename. */
export const toolchainOf = (commandLine: string | null | undefined): Toolchain | null => {
  if (!commandLine) return null;
  const known = memo.get(commandLine);
  if (known !== undefined) return known;
  if (memo.size >= 4096) memo.clear();
  const found = parseToolchain(commandLine);
  memo.set(commandLine, found);
  return found;
};

const parseToolchain = (commandLine: string): Toolchain | null => {
  for (const raw of commandLine.trim().split(/\s+/).slice(0, 8)) {
    if (raw === '' || /^[A-Za-z_][A-Za-z0-9_]*=/.test(raw) || raw.startsWith('-') || /^\d+[smh]?$/.test(raw)) continue;
    const word = raw.replace(/^['"(]+|['");|&]+$/g, '');
    const tool = word.slice(word.lastIndexOf('/') + 1).toLowerCase();
    if (tool === '' || WRAPPERS.has(tool)) continue;
    return { tool, family: FAMILY_OF.get(tool) ?? null };
  }
  return null;
};

export interface ToolSet {
  readonly tools: ReadonlySet<string>;
  readonly families: ReadonlySet<string>;
}

/**
 * Tools and families in play for a question: those of the active session's recent commands plus any
 * the question names ("why does cargo fail", "the docker build").
 */
export const toolsInPlay = (commandLines: readonly (string | null)[], question: string): ToolSet => {
  const tools = new Set<string>();
  const families = new Set<string>();
  for (const line of commandLines) {
    const tc = toolchainOf(line);
    if (!tc) continue;
    tools.add(tc.tool);
    if (tc.family) families.add(tc.family);
  }
  for (const word of question.toLowerCase().match(/[a-z0-9+_-]+/g) ?? []) {
    const family = FAMILY_OF.get(word);
    if (family) {
      tools.add(word);
      families.add(family);
    } else if (word in FAMILIES) families.add(word);
  }
  return { tools, families };
};
