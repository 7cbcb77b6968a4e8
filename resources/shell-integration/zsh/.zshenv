# SPDX-License-Identifier: MIT
# Contexterm zsh shim. The terminal starts zsh with ZDOTDIR pointing here, so zsh reads these
# dotfiles; each one runs the user's file of the same name from their real ZDOTDIR (or HOME),
# at top level as zsh would, and the last one puts ZDOTDIR back. Nothing of the user's is edited.

# The terminal hands the nonce over in a private file (CONTEXTERM_NONCE_FILE holds its path), read
# and deleted here before any user code runs: the environment a process starts with stays readable
# in /proc/<pid>/environ for its whole life, whatever is unset later. CONTEXTERM_NONCE is taken
# too, for a shell started by hand.
typeset -g __contexterm_nonce="${CONTEXTERM_NONCE-}"
if [[ -n "${CONTEXTERM_NONCE_FILE-}" ]]; then
  [[ -r "$CONTEXTERM_NONCE_FILE" ]] && builtin read -r __contexterm_nonce <"$CONTEXTERM_NONCE_FILE"
  command rm -f -- "$CONTEXTERM_NONCE_FILE" 2>/dev/null
fi
# A remote shell's integration arrives in a temporary directory (see ../ssh/bootstrap.sh), removed
# at the first prompt; a local one learns where the per-host ssh preferences are.
typeset -g __contexterm_cleanup="${CONTEXTERM_CLEANUP-}" __contexterm_ssh_prefs="${CONTEXTERM_SSH_PREFS-}"
builtin unset CONTEXTERM_NONCE CONTEXTERM_NONCE_FILE CONTEXTERM_CLEANUP CONTEXTERM_SSH_PREFS
typeset -g __contexterm_shim="$ZDOTDIR"
if (( ${+CONTEXTERM_USER_ZDOTDIR} )); then
  typeset -g __contexterm_user_zdotdir="$CONTEXTERM_USER_ZDOTDIR"
else
  typeset -g __contexterm_user_zdotdir="$HOME" __contexterm_zdotdir_unset=1
fi
builtin unset CONTEXTERM_USER_ZDOTDIR CONTEXTERM_USER_ZDOTDIR_UNSET

# Puts ZDOTDIR back as the user had it; called after the last startup file.
__contexterm_restore_zdotdir() {
  if (( ${+__contexterm_zdotdir_unset} )) && [[ "$__contexterm_user_zdotdir" == "$HOME" ]]; then
    builtin unset ZDOTDIR
  else
    ZDOTDIR="$__contexterm_user_zdotdir"
  fi
  builtin unset __contexterm_user_zdotdir __contexterm_zdotdir_unset
  builtin unfunction __contexterm_restore_zdotdir
}

ZDOTDIR="$__contexterm_user_zdotdir"
if [[ "$ZDOTDIR" != "$__contexterm_shim" && -r "$ZDOTDIR/.zshenv" ]]; then
  builtin source "$ZDOTDIR/.zshenv"
fi
# A .zshenv may move ZDOTDIR (XDG layouts): the user's other files live there.
__contexterm_user_zdotdir="$ZDOTDIR"
if [[ -o interactive || -o login ]]; then
  ZDOTDIR="$__contexterm_shim"
else
  __contexterm_restore_zdotdir
fi
