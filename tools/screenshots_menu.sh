#!/bin/sh
# The screenshots of the first screens in docs/screenshots/ (menu, Play, the question before a
# match is abandoned, Settings by keyboard at the larger text size, the Klabberjass rules page),
# each on a fresh throwaway data folder. Run from the repository root:
#     PYTHON=.venv/bin/python sh tools/screenshots_menu.sh
set -e
S=docs/screenshots
PY=${PYTHON:-python}
run() { out=$1; shift; SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-dummy} SDL_AUDIODRIVER=dummy \
        PYTHONPATH=. "$PY" -m klaverjas_gui --frames 3 --screenshot "$out" "$@"; }
run $S/menu-en.png --size 1280x720 --scene "menu: continue" --data-dir "$(mktemp -d)"
run $S/menu-nl.png --size 1280x720 --scene "menu: continue" --lang nl --data-dir "$(mktemp -d)"
run $S/menu.png --size 1280x720 --scene "menu: continue" --data-dir "$(mktemp -d)"
run $S/menu-1024x600-en.png --size 1024x600 --scene "menu: two open matches" --data-dir "$(mktemp -d)"
run $S/play-en.png --size 1280x720 --scene "play" --data-dir "$(mktemp -d)"
run $S/play-nl.png --size 1280x720 --scene "play" --lang nl --data-dir "$(mktemp -d)"
run $S/confirm-abandon-en.png --size 1280x720 --scene "confirm: abandon" --data-dir "$(mktemp -d)"
run $S/confirm-abandon-nl.png --size 1280x720 --scene "confirm: abandon" --lang nl \
    --data-dir "$(mktemp -d)"
for lang in en nl; do
    d=$(mktemp -d)
    echo '{"text_size": "larger"}' > "$d/settings.json"
    run $S/settings-keyboard-$lang.png --size 1280x720 --scene "settings: keyboard" --lang $lang \
        --data-dir "$d"
done
run $S/rules-klabberjass-en.png --size 1280x720 --scene "rules: klabberjass" --data-dir "$(mktemp -d)"
# The README's rules and tutorial pictures (five rules pages now; a lesson says "LESSON 3 OF 9")
run $S/rules.png --size 1280x720 --scene "rules: roem" --data-dir "$(mktemp -d)"
SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-dummy} SDL_AUDIODRIVER=dummy PYTHONPATH=. "$PY" -m klaverjas_gui \
    --frames 420 --screenshot $S/tutorial.png --size 1280x720 --scene "tutorial: lesson" \
    --data-dir "$(mktemp -d)"
