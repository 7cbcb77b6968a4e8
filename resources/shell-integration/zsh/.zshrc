# SPDX-License-Identifier: MIT
# Contexterm zsh shim (see .zshenv): runs the user's .zshrc, then installs the integration so its
# hooks come after the user's (prompt frameworks included).
ZDOTDIR="$__contexterm_user_zdotdir"
if [[ "$ZDOTDIR" != "$__contexterm_shim" && -r "$ZDOTDIR/.zshrc" ]]; then
  builtin source "$ZDOTDIR/.zshrc"
fi
__contexterm_user_zdotdir="$ZDOTDIR"
builtin source "$__contexterm_shim/contexterm.zsh"
if [[ -o login ]]; then
  ZDOTDIR="$__contexterm_shim"
else
  __contexterm_restore_zdotdir
fi
