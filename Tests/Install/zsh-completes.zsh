#!/usr/bin/env zsh
# Types "tour ch<Tab>" into a real interactive zsh (on a zpty) with _tour on its fpath,
# and succeeds when the line becomes "tour check". Usage: zsh-completes.zsh FPATH_DIR
zmodload zsh/zpty
directory=$1
work=$(mktemp -d)
zpty shell zsh -f -i
zpty -w shell "PROMPT='> '; fpath=('$directory' \$fpath); autoload -U compinit; compinit -u -D; cd '$work'; print ready"
output=""
for attempt in {1..50}; do
    zpty -r -t shell chunk && output+=$chunk
    [[ $output == *ready* ]] && break
    sleep 0.1
done
output=""
zpty -w -n shell $'tour ch\t'
# zsh redraws only what changed ("eck" after "tour ch"): read the line as a terminal
# would show it, without escape sequences, bells and backspaces.
setopt extendedglob
shown=""
for attempt in {1..50}; do
    zpty -r -t shell chunk && output+=$chunk
    shown=${output//$'\e'\[[0-9;?]#[a-zA-Z]/}
    shown=${shown//[$'\a\b\r']/}
    [[ $shown == *'tour check'* ]] && break
    sleep 0.1
done
zpty -d shell
rm -rf "$work"
[[ $shown == *'tour check'* ]] || { print -r -- "zsh showed: ${(q+)output}"; exit 1 }
