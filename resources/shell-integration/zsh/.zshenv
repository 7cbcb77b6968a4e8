# SPDX-License-Identifier: MIT
# Contexterm zsh shim. The terminal starts zsh with ZDOTDIR pointing here, so zsh reads these
# dotfiles; each one runs the user's file of the same name from their real ZDOTDIR (or HOME),
# at top level as zsh would, and the last one puts ZDOTDIR back. Nothing of the user's is edited.

# The nonce leaves the environment before any user code runs, so no child process inherits it.
typeset -g __contexterm_nonce="${CONTEXTERM_NONCE-}"
builtin unset CONTEXTERM_NONCE
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
