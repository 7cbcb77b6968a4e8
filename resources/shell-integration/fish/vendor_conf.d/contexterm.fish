# SPDX-License-Identifier: MIT
# Contexterm shell integration for fish. The terminal puts our directory first in XDG_DATA_DIRS,
# so fish sources this file as a vendor conf.d snippet, before the user's config.fish.
#
# Marks carry the session nonce as their last field (the terminal ignores marks without it):
#   OSC 133;A prompt start   OSC 133;B prompt end   OSC 133;C output start   OSC 133;D;<exit>;<ms run>
#   OSC 633;E;<command line>   OSC 633;P;Cwd=<dir>   OSC 633;P;Hostname=<name>   OSC 633;P;User=<name>
#   OSC 633;P;HistControl=ignorespace (at each prompt)
#   OSC 633;S;<request id>;<host> (the ssh function, before it runs ssh)
# Every sequence is named in electron/segmenter/protocol/osc-protocol.ts.
# Free text is escaped: \ as \\, ; as \x3b, control bytes as \xHH.
# Everything lives in the __contexterm_* namespace; the user's fish_prompt is wrapped, not replaced.

# XDG_DATA_DIRS only carried us here: give the user theirs back.
if set -q CONTEXTERM_XDG_DATA_DIRS
    set -gx XDG_DATA_DIRS $CONTEXTERM_XDG_DATA_DIRS
    set -e CONTEXTERM_XDG_DATA_DIRS
else if set -q CONTEXTERM_NONCE_FILE; or set -q CONTEXTERM_NONCE
    set -e XDG_DATA_DIRS
end

# The terminal hands the nonce over in a private file (CONTEXTERM_NONCE_FILE holds its path), read
# into an unexported global and deleted here, before config.fish: the environment a process starts
# with stays readable in /proc/<pid>/environ for its whole life, whatever is erased later.
# CONTEXTERM_NONCE is taken too, for a shell started by hand.
if set -q CONTEXTERM_NONCE_FILE
    set -g __contexterm_nonce
    test -r "$CONTEXTERM_NONCE_FILE"; and read -g __contexterm_nonce <$CONTEXTERM_NONCE_FILE
    command rm -f -- $CONTEXTERM_NONCE_FILE 2>/dev/null
    set -e CONTEXTERM_NONCE_FILE
else if set -q CONTEXTERM_NONCE
    set -g __contexterm_nonce $CONTEXTERM_NONCE
end
set -e CONTEXTERM_NONCE
# A remote shell's integration arrives in a temporary directory (see ../ssh/bootstrap.sh), removed
# at the end of this file; a local one learns where the per-host ssh preferences are.
set -g __contexterm_cleanup "$CONTEXTERM_CLEANUP"
set -g __contexterm_ssh_prefs "$CONTEXTERM_SSH_PREFS"
set -g __contexterm_ssh_dir (status dirname)/../../ssh
set -e CONTEXTERM_CLEANUP
set -e CONTEXTERM_SSH_PREFS
# fish has read this file: the directory is not needed any more.
if string match -q -- '*/ct.*' "$__contexterm_cleanup"; and test -d "$__contexterm_cleanup"
    command rm -rf -- $__contexterm_cleanup
end
set -e __contexterm_cleanup

status is-interactive; or return 0
set -q __contexterm_nonce[1]; or return 0
set -q __contexterm_installed; and return 0
set -g __contexterm_installed 1
set -g __contexterm_running 0
set -g __contexterm_reported_host ''

function __contexterm_mark
    printf '\e]%s;%s\a' $argv[1] $__contexterm_nonce
end

# Prints $argv[1] escaped for a mark field, on one line.
function __contexterm_escape
    set -l s (string replace -a -- '\\' '\\\\' $argv[1] | string collect)
    set s (string replace -a -- \n '\x0a' $s | string collect)
    set s (string replace -a -- ';' '\x3b' $s)
    if string match -qr -- '[\x01-\x1f\x7f]' "$s"
        for hex in 01 02 03 04 05 06 07 08 09 0b 0c 0d 0e 0f 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f 7f
            set s (string replace -ra -- "\\x$hex" "\\\\x$hex" $s)
        end
    end
    printf '%s' "$s"
end

function __contexterm_preexec --on-event fish_preexec
    # fish also reports lines that hold nothing to run; they are not commands.
    string length -q -- (string trim -- $argv[1]); or return
    set -l line (__contexterm_escape $argv[1])
    __contexterm_mark "633;E;$line"
    __contexterm_mark "133;C"
    set -g __contexterm_running 1
end

# The end mark carries fish's own measure of the command (CMD_DURATION, ms): the terminal stamps
# marks when it reads them, which a busy terminal does late.
function __contexterm_postexec --on-event fish_postexec
    set -l command_status $status
    if test "$__contexterm_running" = 1
        __contexterm_mark "133;D;$command_status;$CMD_DURATION"
        set -g __contexterm_running 0
    end
end

function __contexterm_prompt_start --on-event fish_prompt
    set -l cwd (__contexterm_escape $PWD)
    __contexterm_mark "633;P;Cwd=$cwd"
    if test "$hostname" != "$__contexterm_reported_host"
        set -g __contexterm_reported_host $hostname
        set -l host (__contexterm_escape $hostname)
        __contexterm_mark "633;P;Hostname=$host"
        set -l user (__contexterm_escape "$USER")
        __contexterm_mark "633;P;User=$user"
    end
    # fish never keeps a line typed with a leading space in its history: the terminal does the same.
    __contexterm_mark "633;P;HistControl=ignorespace"
    __contexterm_wrap_prompt
    __contexterm_mark "133;A"
end

# fish_prompt may be defined after us (config.fish, a theme, fish_config) or redefined at any
# time, so the wrapper is checked before every prompt.
function __contexterm_wrap_prompt
    functions -q fish_prompt; or return
    functions fish_prompt | string match -q '*__contexterm_user_prompt*'; and return
    functions -e __contexterm_user_prompt
    functions -c fish_prompt __contexterm_user_prompt
    function fish_prompt
        __contexterm_user_prompt
        __contexterm_mark "133;B"
    end
end

# `ssh host` typed here: an interactive login brings the integration along (plan.sh decides; the
# terminal answers the remote's request over the connection itself). Anything else runs as typed.
function ssh --wraps ssh --description 'OpenSSH, with Contexterm integration on interactive logins'
    if test -r $__contexterm_ssh_dir/plan.sh
        set -l plan (command sh $__contexterm_ssh_dir/plan.sh "$__contexterm_ssh_prefs" $argv)
        if test $status -eq 0; and set -q plan[3]
            set -l host (__contexterm_escape $plan[2])
            __contexterm_mark "633;S;$plan[1];$host"
            command ssh -t $argv $plan[3]
            return
        end
    end
    command ssh $argv
end
