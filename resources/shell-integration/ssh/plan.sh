# SPDX-License-Identifier: MIT
# Contexterm: should this `ssh` invocation carry our shell integration to the remote?
# Run by the integrated shells' `ssh` function as `sh plan.sh <prefs file> <ssh arguments...>`.
# Exit 0 and print three lines (a one-time request id, the host as typed, the remote command that
# bootstraps the integration) only for an interactive login: no remote command (on the command
# line or as RemoteCommand), no -T/-N/-W/-f/-O/-G/-V/-Q/-s, a tty on stdin and stderr, and the
# host not turned off in the prefs file. Anything else exits 1 and the function runs ssh as typed.
# scp, rsync, git and ProxyJump run ssh directly, never through the shell function, so they are
# never touched. POSIX sh only: it must work wherever the user's local shell does.

prefs=$1
shift
# (CONTEXTERM_SSH_PTY: the terminal runs ssh in a pty of its own, for an SSH-host profile.)
[ -n "${CONTEXTERM_SSH_PTY-}" ] || { [ -t 0 ] && [ -t 2 ]; } || exit 1
[ -n "${CONTEXTERM_SSH_OFF-}" ] && exit 1

# The effective configuration (~/.ssh/config, -F, -o, Match blocks), before the arguments are parsed.
config=$(command ssh -G "$@" 2>/dev/null) || exit 1

# ssh's own grammar (OpenSSH 9): these options take an argument, attached or as the next word.
with_arg=BbcDEeFIiJLlmOoPpQRSWw
rest=
while [ $# -gt 0 ]; do
  case $1 in
    --) shift; break ;;
    -?*) ;;
    *) break ;;
  esac
  cluster=${1#-}
  shift
  while [ -n "$cluster" ]; do
    flag=${cluster%"${cluster#?}"}
    cluster=${cluster#?}
    case $flag in
      T | N | W | f | O | G | V | Q | s) exit 1 ;;
    esac
    case $with_arg in
      *"$flag"*)
        if [ -z "$cluster" ]; then
          [ $# -gt 0 ] || exit 1
          shift
        fi
        cluster= ;;
    esac
  done
done
# Exactly the destination: a remote command means a non-interactive use.
[ $# -eq 1 ] || exit 1
destination=$1

host= escape='~' user=
while read -r key value; do
  case $key in
    host) host=$value ;;
    user) user=$value ;;
    escapechar) escape=$value ;;
    remotecommand) [ "$value" = none ] || exit 1 ;;
    requesttty) case $value in no | false) exit 1 ;; esac ;;
    sessiontype) [ "$value" = default ] || exit 1 ;;
  esac
done <<CONFIG
$config
CONFIG
# The answer typed to the remote starts with `:` (ssh/remote-payload.ts), which must not be the
# escape character ssh watches for at the start of its input.
[ "$escape" = ':' ] && exit 1
[ -n "$host" ] || host=$destination
# git hosting (git@github.com, git@gitlab.com…) answers a login with a message, not a shell.
[ "$user" = git ] && exit 1

# Turned off for every host (`*`) or for this one.
if [ -n "$prefs" ] && [ -r "$prefs" ]; then
  while IFS= read -r off; do
    # As typed (alice@box, an alias) or as ssh resolved it (box).
    [ "$off" = '*' ] || [ "$off" = "$host" ] || [ "$off" = "$destination" ] && exit 1
  done <"$prefs"
fi

id=$(od -An -N12 -tx1 /dev/urandom 2>/dev/null | tr -d ' \n')
[ ${#id} -eq 24 ] || exit 1
case $0 in */*) here=${0%/*} ;; *) here=. ;; esac
bootstrap=$(grep -v '^#' "$here/bootstrap.sh") || exit 1
printf '%s\n%s\n%s\n' "c$id" "$host" "exec sh -c '$bootstrap' contexterm c$id"
