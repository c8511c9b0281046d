#!/bin/sh
# Re-records a tutorial transcript from its commands, keeping its narration.
#
#   docs/record-transcript.sh TRENDSH FILE > FILE.new && mv FILE.new FILE
#
# TRENDSH is the built binary (for example .build/debug/trendsh). FILE may be a finished
# transcript or a skeleton holding only narration and `trendsh> ` command lines. The
# commands are run once with `--echo --now T --store :memory:` in UTC, T being the file's
# `# now:` value (or the checker's default), and each command's real output replaces
# whatever followed it. Narration and blank lines stay where they were, except that
# narration found among a command's old output moves below its new output.
# See docs/transcripts.md.
set -eu

if [ $# -ne 2 ]; then
    echo "usage: $0 TRENDSH FILE" >&2
    exit 2
fi
binary=$1
file=$2

now=$(sed -n 's/^# [Nn][Oo][Ww]:[[:space:]]*//p' "$file" | tail -n 1)
[ -n "$now" ] || now=2026-01-01T09:00:00Z

recorded=$(mktemp)
trap 'rm -f "$recorded"' EXIT
sed -n 's/^trendsh> //p' "$file" |
    TZ=UTC "$binary" --echo --now "$now" --store :memory: >"$recorded" 2>&1 || true

# Walk the file; at each command, print the recorded block from its echo line up to the
# next echo line. Lines that are neither narration, blank, nor a command are old output.
awk -v recorded="$recorded" '
    BEGIN {
        blocks = 0
        while ((getline line < recorded) > 0) {
            if (index(line, "trendsh> ") == 1) blocks++
            if (blocks == 0) { preamble = preamble line "\n"; continue }
            block[blocks] = block[blocks] line "\n"
        }
        printed = 0
    }
    /^#$/ || /^# / || /^[[:space:]]*$/ { print; next }
    /^trendsh> / {
        printed++
        if (printed == 1) printf "%s", preamble
        printf "%s", block[printed]
        next
    }
    { next }
' "$file"
