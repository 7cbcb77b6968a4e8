# SPDX-License-Identifier: MIT
# Contexterm zsh shim (see .zshenv): runs the user's .zlogin, the last startup file.
ZDOTDIR="$__contexterm_user_zdotdir"
if [[ "$ZDOTDIR" != "$__contexterm_shim" && -r "$ZDOTDIR/.zlogin" ]]; then
  builtin source "$ZDOTDIR/.zlogin"
fi
__contexterm_user_zdotdir="$ZDOTDIR"
__contexterm_restore_zdotdir
