# SPDX-License-Identifier: MIT
# Contexterm shell integration for bash, started as `bash --init-file <this file> -i`.
#
# It reports to the terminal, on the session's pty, with marks that carry a per-session nonce as
# their last field (the terminal ignores marks without it):
#   OSC 133;A prompt start   OSC 133;B prompt end   OSC 133;C;<clock µs> output start   OSC 133;D;<exit>;;<clock µs>
#   OSC 633;E;<command line>   OSC 633;P;Cwd=<dir>   OSC 633;P;Hostname=<name>   OSC 633;P;User=<name>
#   OSC 633;P;HistControl=<HISTCONTROL>   OSC 633;P;HistIgnore=<HISTIGNORE> (the history rules, at each prompt)
#   OSC 633;S;<request id>;<host> (the ssh function, before it runs ssh)
# Every sequence is named in electron/segmenter/protocol/osc-protocol.ts.
# Free text is escaped: \ as \\, ; as \x3b, control bytes as \xHH.
#
# Everything here lives in the __contexterm_* namespace and calls builtins through `builtin`.
# The user's PROMPT_COMMAND, PS0, DEBUG trap and bash-preexec hooks are chained, never replaced.
# Command starts come from PS0 on bash >= 4.4 (it fires for every command line, subshells
# included), else from a DEBUG trap; `__contexterm_hook=debug` in a startup file forces the trap.

# The terminal hands the nonce over in a private file (CONTEXTERM_NONCE_FILE holds its path), read
# and deleted here before any user code runs: the environment a process starts with stays readable
# in /proc/<pid>/environ for its whole life, whatever is unset later. CONTEXTERM_NONCE is taken
# too, for a shell started by hand (the README's remote recipe), where that choice is the user's.
__contexterm_nonce="${CONTEXTERM_NONCE-}"
if [[ -n "${CONTEXTERM_NONCE_FILE-}" ]]; then
  [[ -r "$CONTEXTERM_NONCE_FILE" ]] && builtin read -r __contexterm_nonce <"$CONTEXTERM_NONCE_FILE"
  command rm -f -- "$CONTEXTERM_NONCE_FILE" 2>/dev/null
fi
# A remote shell's integration arrives in a temporary directory (see ../ssh/bootstrap.sh), removed
# once start-up is over; a local one finds the ssh helper next to this file and the per-host
# preferences in a file the terminal names.
__contexterm_cleanup="${CONTEXTERM_CLEANUP-}"
__contexterm_ssh_prefs="${CONTEXTERM_SSH_PREFS-}"
__contexterm_ssh_dir="${BASH_SOURCE[0]%/*}/../ssh"
builtin unset CONTEXTERM_NONCE CONTEXTERM_NONCE_FILE CONTEXTERM_CLEANUP CONTEXTERM_SSH_PREFS
__contexterm_login="${CONTEXTERM_SHELL_LOGIN-}"
builtin unset CONTEXTERM_SHELL_LOGIN
# bash has read this whole file before running it: a remote shell's directory can go now, before
# startup files that may exec another program.
if [[ "$__contexterm_cleanup" == */ct.* && -d "$__contexterm_cleanup" ]]; then
  command rm -rf -- "$__contexterm_cleanup"
fi
builtin unset __contexterm_cleanup

# Functions are defined before the user's files are read, so their aliases cannot rewrite them.

# Control characters and their escapes, built once: bash patterns cannot compute them per call.
__contexterm_controls=()
for __contexterm_code in {1..31} 127; do
  builtin printf -v __contexterm_hex '%02x' "$__contexterm_code"
  builtin printf -v __contexterm_char "\\x$__contexterm_hex"
  __contexterm_controls+=("$__contexterm_char" "\\x$__contexterm_hex")
done
builtin unset __contexterm_code __contexterm_hex __contexterm_char

# Sets __contexterm_escaped to $1 escaped for a mark field.
__contexterm_escape() {
  builtin local s="$1" i
  s="${s//\\/\\\\}"
  s="${s//;/\\x3b}"
  for ((i = 0; i < ${#__contexterm_controls[@]}; i += 2)); do
    [[ "$s" == *"${__contexterm_controls[i]}"* ]] && s="${s//"${__contexterm_controls[i]}"/${__contexterm_controls[i + 1]}}"
  done
  __contexterm_escaped="$s"
}

__contexterm_mark() {
  builtin printf '\e]%s;%s\a' "$1" "$__contexterm_nonce"
}

# Start of a prompt cycle: the end of the last command, then where we are.
__contexterm_report() {
  builtin local status="$1"
  if [[ "${__contexterm_running-}" == 1 ]]; then
    __contexterm_whole_line
    # The shell's clock (µs; bash 5's EPOCHREALTIME, digits only whatever the locale's decimal
    # point) beside the start mark's: the terminal times the command by them, as it reads marks late
    # when busy. Empty before bash 5: the terminal then times it itself.
    __contexterm_mark "133;D;$status;;${EPOCHREALTIME//[!0-9]/}"
    __contexterm_running=0
  fi
  __contexterm_escape "$PWD"
  __contexterm_mark "633;P;Cwd=$__contexterm_escaped"
  if [[ "${HOSTNAME-}" != "${__contexterm_reported_host-}" ]]; then
    __contexterm_reported_host="${HOSTNAME-}"
    __contexterm_escape "${HOSTNAME-}"
    __contexterm_mark "633;P;Hostname=$__contexterm_escaped"
    __contexterm_escape "${USER-}"
    __contexterm_mark "633;P;User=$__contexterm_escaped"
  fi
  __contexterm_history_rules
}

# The history rules the terminal applies itself (a framework may read the line after bash dropped
# or trimmed it). bash-preexec takes ignorespace out of HISTCONTROL at its first prompt so that its
# hook sees such lines: while HISTCONTROL is still what it made of the startup files' value, that
# value is the user's rule.
__contexterm_history_rules() {
  builtin local control="${HISTCONTROL-}"
  [[ -n "${__contexterm_hc_adjusted+set}" && "$control" == "$__contexterm_hc_adjusted" ]] && control="$__contexterm_hc_startup"
  __contexterm_escape "$control"
  __contexterm_mark "633;P;HistControl=$__contexterm_escaped"
  __contexterm_escape "${HISTIGNORE-}"
  __contexterm_mark "633;P;HistIgnore=$__contexterm_escaped"
}

# fc -ln prints a tab and a space (`*` for an edited entry) before the line: only those go, so a
# leading space the user typed stays for the terminal's history rules.
__contexterm_fc_line() {
  __contexterm_line="$(builtin fc -ln -0 2>/dev/null)"
  __contexterm_line="${__contexterm_line#$'\t'}"
  __contexterm_line="${__contexterm_line#[ *]}"
}

# Input ssh left unread in raw mode when it put the terminal back to cooked mode on its way out
# becomes, to the kernel, a complete line without a line break: the terminal's answer to a remote
# that asked for the integration and quit at once, or keys typed for the remote. No ^U typed after
# it can kill it (cooked, the tty kills only the line after it), and readline would read it as
# typed ahead of the next line, which then runs glued to it. So drop every complete line pending
# once ssh is gone, in cooked mode (the line being typed stays): `read -t 0` only looks; the read
# that takes a line without a line break ends at its timeout. bash 3 has neither.
__contexterm_drop_stranded() {
  builtin local junk
  ((BASH_VERSINFO[0] >= 4)) || builtin return 0
  while builtin read -r -t 0; do
    builtin read -r -t 0.05 junk
    (($? != 1)) || builtin break
  done
}

# `ssh host` typed here: an interactive login brings the integration along (plan.sh decides; the
# terminal answers the remote's request over the connection itself). Anything else runs as typed.
ssh() {
  builtin local plan id host remote ret
  if [[ -n "$__contexterm_nonce" && -r "$__contexterm_ssh_dir/plan.sh" ]] &&
    plan="$(command sh "$__contexterm_ssh_dir/plan.sh" "$__contexterm_ssh_prefs" "$@")"; then
    id="${plan%%$'\n'*}"
    plan="${plan#*$'\n'}"
    host="${plan%%$'\n'*}"
    remote="${plan#*$'\n'}"
    __contexterm_escape "$host"
    __contexterm_mark "633;S;$id;$__contexterm_escaped"
    command ssh -t "$@" "$remote"
    ret=$?
    __contexterm_drop_stranded
    builtin return "$ret"
  else
    command ssh "$@"
  fi
}

# End of a prompt cycle: frameworks (starship, liquidprompt…) rebuild PS1 on every prompt, so the
# prompt-end mark is put back each time, as zero-width text at the very end of PS1.
__contexterm_prompt() {
  if [[ "${PS1-}" != *"$__contexterm_end_mark"* ]]; then
    PS1="${PS1-}\\[${__contexterm_end_mark}\\]"
  fi
  __contexterm_mark "133;A"
}

# A pasted block is one line for readline, so PS0 (or the DEBUG trap) fires once, when bash has
# parsed only its first line; each line went into history as bash read it. When the command
# added more than one entry, the whole text is sent again before the end mark.
__contexterm_whole_line() {
  [[ -n "${HISTCMD-}" && -n "${__contexterm_histcmd-}" ]] && ((HISTCMD - __contexterm_histcmd >= 2)) || builtin return 0
  # `history N`, not fc: in a function's command substitution fc leaves out the newest entry.
  builtin local listing line digits whole=""
  listing="$(HISTTIMEFORMAT='' builtin history "$((HISTCMD - __contexterm_histcmd))" 2>/dev/null)"
  while IFS= builtin read -r line; do
    # An entry starts `<spaces><number>  ` (`*` for an edited one); its further lines do not.
    line="${line#"${line%%[![:space:]]*}"}"
    digits="${line%%[!0-9]*}"
    if [[ -n "$digits" && ("${line:${#digits}:2}" == "  " || "${line:${#digits}:2}" == "* ") ]]; then
      line="${line:${#digits}+2}"
    fi
    whole+="${whole:+$'\n'}$line"
  done <<<"$listing"
  __contexterm_escape "$whole"
  __contexterm_mark "633;E;$__contexterm_escaped"
}

__contexterm_start() {
  __contexterm_escape "$1"
  __contexterm_mark "633;E;$__contexterm_escaped"
  __contexterm_mark "133;C;${EPOCHREALTIME//[!0-9]/}"
  __contexterm_running=1
}

# --- PROMPT_COMMAND entries ----------------------------------------------------------------------

# First entry: $? is still the command's status, and is handed on unchanged.
__contexterm_precmd() {
  builtin local status="$?"
  __contexterm_state=precmd
  __contexterm_report "$status"
  builtin return "$status"
}

# Last entry.
__contexterm_ready() {
  builtin local status="$?"
  __contexterm_keep_first
  __contexterm_prompt
  if [[ -n "${__contexterm_ps0-}" && "${PS0-}" != *"$__contexterm_ps0"* ]]; then
    PS0="${__contexterm_ps0}${PS0-}"
  fi
  # What HISTCMD will be for the next command line if history keeps it.
  __contexterm_histcmd="${HISTCMD-}"
  __contexterm_state=prompt
  builtin return "$status"
}

# bash-preexec before 0.5 (and bash-it, which vendors it) puts its invoker in front of our first
# entry at its first prompt, and leaves $? as its last hook's status: every command would end with
# 0. Whatever went in front of us since the last prompt, our entry goes back to the front.
__contexterm_keep_first() {
  [[ "${PROMPT_COMMAND-}" == __contexterm_precmd$'\n'* || "${PROMPT_COMMAND-}" == __contexterm_precmd ]] && builtin return 0
  builtin local i
  if ((${#PROMPT_COMMAND[@]} > 1)); then
    for i in "${!PROMPT_COMMAND[@]}"; do
      __contexterm_drop_precmd "${PROMPT_COMMAND[i]}"
      if [[ -n "$__contexterm_dropped" ]]; then PROMPT_COMMAND[i]="$__contexterm_dropped"; else builtin unset 'PROMPT_COMMAND[i]'; fi
    done
    PROMPT_COMMAND=(__contexterm_precmd "${PROMPT_COMMAND[@]}")
  else
    __contexterm_drop_precmd "${PROMPT_COMMAND-}"
    PROMPT_COMMAND="__contexterm_precmd${__contexterm_dropped:+$'\n'}$__contexterm_dropped"
  fi
}

# Sets __contexterm_dropped to $1 without our first entry, as a line of its own or after `;`
# (where `X;$PROMPT_COMMAND` prepends left it).
__contexterm_drop_precmd() {
  builtin local s=$'\n'"$1"$'\n'
  s="${s//$'\n'__contexterm_precmd$'\n'/$'\n'}"
  s="${s//;__contexterm_precmd$'\n'/;$'\n'}"
  s="${s#$'\n'}"
  __contexterm_dropped="${s%$'\n'}"
}

# Frameworks' DEBUG traps (liquidprompt's runtime timer, title setters) take the first command
# after their prompt hook for the user's: it must not be our last PROMPT_COMMAND entry. A trap set
# in the startup files is therefore run by ours, for every command but our own hooks. $1 is `$_`,
# handed on like `$?`.
__contexterm_debug_filter() {
  builtin local status="$?"
  [[ "${BASH_COMMAND-}" == __contexterm_* ]] && builtin return 0
  __contexterm_status "$status" "$1"
  builtin eval "$__contexterm_user_debug"
}

# --- bash >= 4.4: PS0, shown once per command line read (never for an empty one) ----------------

# Runs in PS0's command substitution, i.e. in a subshell: it can only print. HISTCMD moved past
# the number read at the prompt only if history kept the line (not with HISTCONTROL=ignorespace
# and a leading space, nor with history off); then the line is the last history entry.
__contexterm_ps0_marks() {
  # PS0 comes again for each further line of a pasted block: those belong to the same command.
  [[ "${__contexterm_running-}" == 1 ]] && builtin return 0
  if [[ -n "${HISTCMD-}" && "${HISTCMD-}" != "${__contexterm_histcmd-}" ]]; then
    __contexterm_fc_line
    __contexterm_escape "$__contexterm_line"
    __contexterm_mark "633;E;$__contexterm_escaped"
  fi
  __contexterm_mark "133;C;${EPOCHREALTIME//[!0-9]/}"
}

# --- older bash: the DEBUG trap ------------------------------------------------------------------

__contexterm_is_prompt_command() {
  [[ "$1" == __contexterm_precmd* ]] && builtin return 0
  # Something prepended to PROMPT_COMMAND after we installed: its first command is not the user's.
  builtin local first="${PROMPT_COMMAND-}"
  first="${first%%[$'\n;']*}"
  first="${first#"${first%%[![:space:]]*}"}"
  [[ -n "$first" && "$1" == "$first"* ]]
}

# The DEBUG trap fires before every simple command; only the first one after a prompt is the
# command line the user entered. Completion functions, bind -x widgets, subshells, our own
# PROMPT_COMMAND entries and (with functrace or extdebug) commands inside functions fire it too.
__contexterm_debug() {
  builtin local status="$?"
  if [[ "${__contexterm_state-}" == prompt && -z "${COMP_LINE-}" && -z "${READLINE_LINE-}" && "${BASH_SUBSHELL-0}" == 0 ]] &&
    [[ -z "${FUNCNAME[1]-}" || "${FUNCNAME[1]}" == main ]] && ! __contexterm_is_prompt_command "$BASH_COMMAND"; then
    __contexterm_state=exec
    builtin local line=""
    # In the trap, HISTCMD equals the number read at the prompt only if history kept the line.
    if [[ -n "${HISTCMD-}" && "${HISTCMD-}" == "${__contexterm_histcmd-}" ]]; then
      __contexterm_fc_line
      line="$__contexterm_line"
    fi
    [[ -n "$line" ]] || line="$BASH_COMMAND"
    __contexterm_start "$line"
  fi
  # The user's trap sees the same $? as before, and its status is the trap's (extdebug skips a
  # command on a non-zero status, so without a user trap the answer must be 0).
  if [[ -n "${__contexterm_user_debug-}" && "${BASH_COMMAND-}" != __contexterm_* ]]; then
    __contexterm_status "$status"
    builtin eval "$__contexterm_user_debug"
  else
    builtin return 0
  fi
}

__contexterm_status() {
  builtin return "$1"
}

# Receives the arguments of `trap -p DEBUG` (`--`, the command, `DEBUG`). In POSIX mode bash lists
# an unset trap as `trap -- - DEBUG`: `-` is no command.
__contexterm_trap_command() {
  [[ "$2" == - ]] && builtin return 0
  __contexterm_user_debug="$2"
}

# bash-preexec owns the DEBUG trap (it replaces ours at its first prompt): use its hook arrays.
__contexterm_bp_precmd() {
  builtin local status="$?"
  __contexterm_report "$status"
  __contexterm_prompt
  __contexterm_histcmd="${HISTCMD-}"
  builtin return "$status"
}

__contexterm_bp_preexec() {
  __contexterm_start "$1"
}

# $1 is `trap -p DEBUG`, read by the caller: inside a function bash shows no DEBUG trap.
__contexterm_install() {
  __contexterm_end_mark=$'\e]133;B;'"${__contexterm_nonce}"$'\a'
  if builtin declare -F __bp_adjust_histcontrol >/dev/null; then
    __contexterm_hc_startup="${HISTCONTROL-}"
    __contexterm_hc_adjusted="$(__bp_adjust_histcontrol >/dev/null 2>&1; builtin printf '%s' "${HISTCONTROL-}")"
  fi
  if [[ "${__contexterm_hook-}" != debug ]] && ((BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4))) &&
    builtin shopt -q promptvars; then
    # C (and E) from PS0's command substitution; the arithmetic in the empty substring runs in
    # this shell, telling the next prompt that a command ran (the substitution cannot).
    # (bash skips that arithmetic when the variable is unset, hence the empty string.)
    __contexterm_nothing=''
    __contexterm_ps0='$(__contexterm_ps0_marks)${__contexterm_nothing:__contexterm_running=1:0}'
    if [[ -n "$1" ]]; then
      builtin eval "__contexterm_trap_command ${1#trap }"
      builtin trap '__contexterm_debug_filter "$_"' DEBUG
    fi
  elif [[ -n "${bash_preexec_imported-}${__bp_imported-}" ]] || builtin declare -F __bp_install >/dev/null; then
    precmd_functions+=(__contexterm_bp_precmd)
    preexec_functions+=(__contexterm_bp_preexec)
    builtin return
  else
    if [[ -n "$1" ]]; then
      builtin eval "__contexterm_trap_command ${1#trap }"
    fi
    builtin trap '__contexterm_debug' DEBUG
  fi
  if [[ "$(builtin declare -p PROMPT_COMMAND 2>/dev/null)" == "declare -a"* ]]; then
    PROMPT_COMMAND=(__contexterm_precmd "${PROMPT_COMMAND[@]}" __contexterm_ready)
  else
    PROMPT_COMMAND=$'__contexterm_precmd\n'"${PROMPT_COMMAND-}"$'\n__contexterm_ready'
  fi
  __contexterm_state=exec
}

# --- The user's own startup files, as bash would have read them --------------------------------

if [[ -n "$__contexterm_login" ]]; then
  # bash ignores --init-file in a login shell, so we imitate one: /etc/profile, then the first of
  # the personal profile files that exists.
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

# Only once per shell (a user file may source this again), and only with a nonce to sign with.
if [[ -n "$__contexterm_nonce" && -z "${__contexterm_installed-}" ]]; then
  __contexterm_installed=1
  __contexterm_install "$(trap -p DEBUG)"
fi

