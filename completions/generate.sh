#!/bin/sh
# Regenerate the shell completion scripts in this directory from the app itself.
#
#   completions/generate.sh            write completions/scorekeeper.{bash,zsh,fish,ps1}
#   completions/generate.sh OUTDIR     write them to OUTDIR instead (the tests compare)
#
# Each script comes from typer's environment-variable route,
# _SCOREKEEPER_COMPLETE=source_SHELL scorekeeper (not --show-completion, which
# prints the script of the shell it runs in, whatever shell is asked for).
# SCOREKEEPER_EXE names the program to ask (default: .venv/bin/scorekeeper, else
# scorekeeper on the PATH). Leading blank lines are dropped so that zsh finds
# "#compdef" on the first line.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
exe=${SCOREKEEPER_EXE:-$here/../.venv/bin/scorekeeper}
[ -x "$exe" ] || exe=$(command -v scorekeeper)
mkdir -p "$out"

for pair in bash:bash zsh:zsh fish:fish powershell:ps1; do
    shell=${pair%%:*}
    ext=${pair#*:}
    _SCOREKEEPER_COMPLETE="source_$shell" "$exe" 2>/dev/null | sed '/./,$!d' > "$out/scorekeeper.$ext.tmp"
    mv "$out/scorekeeper.$ext.tmp" "$out/scorekeeper.$ext"
done
