#!/bin/sh
# Every picture the README and docs/guide.md show, from the real window under Xvfb at the
# club laptop's 1024x600, each on a fresh throwaway data folder. Only pictures a page shows
# are kept in docs/screenshots (tests/test_docs.py checks), so the sdist stays small.
# Run from the repository root (needs xvfb-run):
#     PYTHON=.venv/bin/python sh tools/screenshots_docs.sh [OUTDIR]
set -e
S=${1:-docs/screenshots}
PY=${PYTHON:-python}
shot() {  # shot FILE FRAMES SCENE [more arguments]
    out=$1 frames=$2 scene=$3; shift 3
    d=$(mktemp -d)
    if [ "${TEXT_SIZE:-}" ]; then echo "{\"text_size\": \"$TEXT_SIZE\"}" > "$d/settings.json"; fi
    xvfb-run -a -s "-screen 0 1024x600x24" env SDL_AUDIODRIVER=dummy PYTHONPATH=. \
        "$PY" -m klaverjas_gui --size 1024x600 --frames "$frames" --scene "$scene" \
        --screenshot "$S/$out" --data-dir "$d" "$@"
    rm -rf "$d"
}
shot menu.png 3 "menu: continue"
shot table.png 3 "table: mid-trick"
shot hint.png 3 "table: hint"
shot coach-note.png 3 "table: coach note"
shot klabberjass-table.png 3 "klabberjass: mid-trick"
shot tutorial.png 420 "tutorial: lesson"  # the lesson's text written out
shot play.png 3 "play"
shot review.png 3 "review"
TEXT_SIZE=larger shot kalabriasz-review.png 3 "kalabriasz: review" --lang nl
shot demo.png 900 "demo"  # a trick into the first deal, its captions
shot network-host.png 3 "network: host"
TEXT_SIZE=larger shot settings-larger.png 3 "settings: keyboard"
shot verzaakt-call.png 3 "table: verzaakt called" --lang nl
shot verzaakt-summary.png 3 "deal summary: verzaakt" --lang nl
shot signal-hint.png 3 "table: signal hint" --lang nl
shot kalabriasz-table.png 3 "kalabriasz: mid-trick" --lang nl
shot kalabriasz-laying-away.png 3 "kalabriasz: laying away" --lang nl
shot kalabriasz-summary.png 120 "kalabriasz: deal summary" --lang nl  # counted up
# The source package must stay under 5 MB (tests/test_packaging.py): 256 colours are
# plenty for a screenshot of flat panels and card art (Debian's pngquant).
if command -v pngquant >/dev/null; then
    pngquant --force --quality=80-95 --speed 1 --ext .png -- "$S"/*.png
fi
