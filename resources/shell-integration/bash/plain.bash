# SPDX-License-Identifier: MIT
# Contexterm's init file for bash older than 4 (macOS's /bin/bash is 3.2), started as
# `bash --init-file <this file> -i` instead of contexterm.bash, which needs bash 4
# (electron/segmenter/shell-fallback.ts decides). It prints no marks: the terminal finds commands
# heuristically. It only says so, once, and reads the user's startup files as bash would have.
# Written for bash 3.2: no bash 4 syntax anywhere in this file.

builtin printf '%s\n' "contexterm: this bash is ${BASH_VERSION}; the shell integration needs bash 4 or later, so commands in this terminal are found heuristically. A newer bash (e.g. Homebrew's) or zsh gets the full integration." >&2

__contexterm_login="${CONTEXTERM_SHELL_LOGIN-}"
builtin unset CONTEXTERM_SHELL_LOGIN

if [[ -n "$__contexterm_login" ]]; then
  # bash ignores --init-file in a login shell, so we imitate one, as contexterm.bash does.
  [[ -r /etc/profile ]] && builtin source /etc/profile
  if [[ -r ~/.bash_profile ]]; then
    builtin source ~/.bash_profile
  elif [[ -r ~/.bash_login ]]; then
    builtin source ~/.bash_login
  elif [[ -r ~/.profile ]]; then
    builtin source ~/.profile
  fi
else
  # An interactive bash reads the system's bashrc first where it was built to (Debian, Ubuntu,
  # Arch): --init-file replaces both, so both are read here, as VS Code's integration does.
  [[ -r /etc/bash.bashrc ]] && builtin source /etc/bash.bashrc
  [[ -r ~/.bashrc ]] && builtin source ~/.bashrc
fi
builtin unset __contexterm_login
