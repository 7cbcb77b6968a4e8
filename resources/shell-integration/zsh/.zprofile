# SPDX-License-Identifier: MIT
# Contexterm zsh shim (see .zshenv): runs the user's .zprofile.
ZDOTDIR="$__contexterm_user_zdotdir"
if [[ "$ZDOTDIR" != "$__contexterm_shim" && -r "$ZDOTDIR/.zprofile" ]]; then
  builtin source "$ZDOTDIR/.zprofile"
fi
__contexterm_user_zdotdir="$ZDOTDIR"
ZDOTDIR="$__contexterm_shim"
