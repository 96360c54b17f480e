"""Random inputs across every scene (6,000 in `make test`, tests/sweep.py): no exception,
the engine's invariants hold. benchmarks/monkey.py sends more and times them."""

import pygame
import pytest
from sweep import size

from klaverjas_gui import monkey, smoke
from klaverjas_gui.app import App, parse_args

EVENTS = size(6_000)


@pytest.mark.slow(45)
def test_monkey_random_inputs():
    app = App(parse_args(["--size", "1024x600", "--speed", "instant"]), deterministic=True,
              audio=False)  # fmt: skip
    pygame.event.clear()
    try:
        # every scene gets its share (about 120 inputs each), however many there are
        per_scene = EVENTS // len(smoke.SCENES)
        report = monkey.run(app, events=EVENTS, seed=20261130, per_scene=per_scene)
    finally:
        app.close()
    assert report.events == EVENTS
    assert report.scenes_seen == set(smoke.SCENES)
    # frames with a four-player table on the stack: 78 % of them in `make test`, 24 % at
    # KLAVERJAS_SWEEP=4 (each screen's share of inputs changes the mix)
    assert report.positions_checked > EVENTS // 5
