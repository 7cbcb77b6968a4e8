# SPDX-License-Identifier: MIT
# Contexterm shell integration for zsh, sourced by the shim .zshrc after the user's .zshrc.
#
# Marks carry the session nonce as their last field (the terminal ignores marks without it):
#   OSC 133;A prompt start   OSC 133;B prompt end   OSC 133;C;<clock µs> output start   OSC 133;D;<exit>;;<clock µs>
#   OSC 633;E;<command line>   OSC 633;P;Cwd=<dir>   OSC 633;P;Hostname=<name>   OSC 633;P;User=<name>
#   OSC 633;P;HistControl=ignorespace (or empty: HIST_IGNORE_SPACE, at each prompt)
#   OSC 633;P;HistKeptOut=1 (before C, when the line matches HISTORY_IGNORE)
#   OSC 633;S;<request id>;<host> (the ssh function, before it runs ssh)
# Every sequence is named in electron/segmenter/protocol/osc-protocol.ts.
# Free text is escaped: \ as \\, ; as \x3b, control bytes as \xHH.
# Everything lives in the __contexterm_* namespace and runs under `emulate -L zsh`, so the user's
# options (KSH_ARRAYS, SH_WORD_SPLIT…) cannot change it.

[[ -o interactive ]] || builtin return 0
[[ -n "${__contexterm_nonce-}" ]] || builtin return 0
(( ${+__contexterm_installed} )) && builtin return 0
typeset -g __contexterm_installed=1
typeset -g __contexterm_end_mark=$'\e]133;B;'"${__contexterm_nonce}"$'\a'
# The shell's clock in µs as prompt text (%D{%s%6.}): the start mark carries it from preexec, the
# end mark from PROMPT_EOL_MARK, so the terminal times the command by the shell's own clock (it reads
# marks late when busy). A zsh without %6. prints no number, and the terminal times it itself.
typeset -g __contexterm_clock='%D{%s%6.}'
# The command-end mark as prompt text: zero width, with the status from %? and the clock.
typeset -g __contexterm_eol_mark=$'%{\e]133;D;%?;;'"${__contexterm_clock}"$';'"${__contexterm_nonce}"$'\a%}'
typeset -gi __contexterm_running=0
typeset -g __contexterm_escaped="" __contexterm_reported_host=""
# PROMPT_EOL_MARK as it was before preexec put the end mark in front (__contexterm_eol_arm), and
# __contexterm_eol_set: 0 while ours is not in place, else 2 + whether it was set at all.
typeset -g __contexterm_eol_saved="" __contexterm_eol_marked=""
typeset -gi __contexterm_eol_set=0

__contexterm_mark() {
  builtin printf '\e]%s;%s\a' "$1" "$__contexterm_nonce"
}

# Sets __contexterm_escaped to $1 escaped for a mark field.
__contexterm_escape() {
  emulate -L zsh
  local s="$1" code hex
  s="${s//\\/\\\\}"
  s="${s//;/\\x3b}"
  if [[ "$s" == *[$'\0'-$'\037'$'\177']* ]]; then
    for code in {0..31} 127; do
      builtin printf -v hex '%02x' "$code"
      s="${s//${(#)code}/\\x$hex}"
    done
  fi
  __contexterm_escaped="$s"
}

# After a command zsh prints PROMPT_SP (PROMPT_EOL_MARK, spaces to the margin, `\r \r`) before
# any precmd hook runs: the end mark sent by precmd comes too late, and the cleaner drew
# `printf abc` with that text as ` bc%`. So while a command runs the end mark leads
# PROMPT_EOL_MARK, which zsh prints right after the output; precmd's own D is then a repeat the
# terminal ignores. Only while a command runs: powerlevel10k prints ${(e)PROMPT_EOL_MARK} itself
# when it clears its instant prompt (a stray D after the prompt) and writes it, nonce and all,
# into its instant-prompt cache; and it reinitialises whenever the value it last saw changes.
__contexterm_eol_arm() {
  (( __contexterm_eol_set >= 2 )) && return
  __contexterm_eol_set=${+PROMPT_EOL_MARK}
  __contexterm_eol_saved="${PROMPT_EOL_MARK-}"
  __contexterm_eol_marked="${__contexterm_eol_mark}${PROMPT_EOL_MARK-%B%S%#%s%b}"
  PROMPT_EOL_MARK="$__contexterm_eol_marked"
  __contexterm_eol_set+=2
}

# First precmd hook: PROMPT_SP is printed, PROMPT_EOL_MARK goes back to what the user (or the
# command, if it set one) had, before any framework's hook reads it.
__contexterm_eol_disarm() {
  emulate -L zsh
  (( __contexterm_eol_set >= 2 )) || return 0
  if [[ "${PROMPT_EOL_MARK-}" == "$__contexterm_eol_marked" ]]; then
    if (( __contexterm_eol_set == 3 )); then
      PROMPT_EOL_MARK="$__contexterm_eol_saved"
    else
      builtin unset PROMPT_EOL_MARK
    fi
  fi
  __contexterm_eol_set=0
}

# Last precmd hook: the end of the command, where we are, then the prompt. zsh gives every hook
# the command's status, so being last costs nothing.
__contexterm_precmd() {
  local status_of_command="$?"
  emulate -L zsh
  __contexterm_eol_disarm
  if (( __contexterm_running )); then
    __contexterm_mark "133;D;$status_of_command"
    __contexterm_running=0
  fi
  __contexterm_escape "$PWD"
  __contexterm_mark "633;P;Cwd=$__contexterm_escaped"
  if [[ "$HOST" != "$__contexterm_reported_host" ]]; then
    __contexterm_reported_host="$HOST"
    __contexterm_escape "$HOST"
    __contexterm_mark "633;P;Hostname=$__contexterm_escaped"
    __contexterm_escape "${USER-}"
    __contexterm_mark "633;P;User=$__contexterm_escaped"
  fi
  # The history rule the terminal applies itself, in bash's words.
  if [[ -o histignorespace ]]; then
    __contexterm_mark "633;P;HistControl=ignorespace"
  else
    __contexterm_mark "633;P;HistControl="
  fi
  if [[ -n "$__contexterm_cleanup" ]]; then
    [[ "$__contexterm_cleanup" == */ct.* && -d "$__contexterm_cleanup" ]] && command rm -rf -- "$__contexterm_cleanup"
    __contexterm_cleanup=""
  fi
  # Frameworks (powerlevel10k, oh-my-zsh themes) rebuild PS1 in their own precmd: put the
  # prompt-end mark back, zero-width, at its very end.
  if [[ "$PS1" != *"$__contexterm_end_mark"* ]]; then
    PS1="${PS1}%{${__contexterm_end_mark}%}"
  fi
  __contexterm_mark "133;A"
}

__contexterm_preexec() {
  emulate -L zsh
  # $1 is the line as typed (even when history drops it); $3 the full text when history is off.
  # HISTORY_IGNORE is a zsh pattern (matched as zsh does when it writes the history file): only the
  # shell can match it, so it says whether this line is kept out.
  if [[ -n "${HISTORY_IGNORE-}" && "${1:-$3}" == ${~HISTORY_IGNORE} ]]; then
    __contexterm_mark "633;P;HistKeptOut=1"
  fi
  __contexterm_escape "${1:-$3}"
  __contexterm_mark "633;E;$__contexterm_escaped"
  __contexterm_mark "133;C;${(%)__contexterm_clock}"
  __contexterm_running=1
  __contexterm_eol_arm
  __contexterm_order_hooks
}

# Hooks added after ours (some frameworks register at their first prompt) must not run after the
# prompt-start mark, nor before PROMPT_EOL_MARK is put back: ours go back to the ends.
__contexterm_order_hooks() {
  emulate -L zsh
  if [[ "${precmd_functions[1]-}" != __contexterm_eol_disarm || "${precmd_functions[-1]-}" != __contexterm_precmd ]]; then
    precmd_functions=(__contexterm_eol_disarm ${precmd_functions:#__contexterm_(eol_disarm|precmd)} __contexterm_precmd)
  fi
}

# Input ssh left unread in raw mode when it put the terminal back to cooked mode on its way out
# becomes, to the kernel, a complete line without a line break: the terminal's answer to a remote
# that asked for the integration and quit at once (ssh read part of it, the rest arrived after),
# or keys typed for the remote. No ^U typed after it can kill it (in cooked mode the tty kills
# only the line after it), and zle would read it as typed ahead of the next line: the base64 was
# run glued to the user's next command, and recorded as its command line. So drop every complete
# line pending once ssh is gone: one read(2) each, never waiting, in cooked mode (the line being
# typed stays). In a subshell, so sysread is not loaded into the user's shell.
__contexterm_drop_stranded() {
  ( zmodload -F zsh/system b:sysread && while sysread -t 0 -i 0 REPLY; do :; done ) 2>/dev/null
}

# `ssh host` typed here: an interactive login brings the integration along (plan.sh decides; the
# terminal answers the remote's request over the connection itself). Anything else runs as typed.
typeset -g __contexterm_ssh_dir="${__contexterm_shim:-${${(%):-%x}:A:h}}/../ssh"
ssh() {
  emulate -L zsh
  local plan ret
  local -a lines
  if [[ -r "$__contexterm_ssh_dir/plan.sh" ]] && plan="$(command sh "$__contexterm_ssh_dir/plan.sh" "$__contexterm_ssh_prefs" "$@")"; then
    lines=("${(@f)plan}")
    __contexterm_escape "${lines[2]}"
    __contexterm_mark "633;S;${lines[1]};$__contexterm_escaped"
    command ssh -t "$@" "${lines[3]}"
    ret=$?
    __contexterm_drop_stranded
    return $ret
  else
    command ssh "$@"
  fi
}

builtin autoload -Uz add-zsh-hook
add-zsh-hook precmd __contexterm_precmd
__contexterm_order_hooks
add-zsh-hook preexec __contexterm_preexec
