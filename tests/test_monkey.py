"""20,000 random inputs across every scene: no exception, the engine's invariants hold."""

import pygame
import pytest

from klaverjas_gui import monkey, smoke
from klaverjas_gui.app import App, parse_args


@pytest.mark.slow(140)
def test_monkey_twenty_thousand_inputs():
    app = App(parse_args(["--size", "1024x600", "--speed", "instant"]), deterministic=True,
              audio=False)  # fmt: skip
    pygame.event.clear()
    try:
        # every scene gets its turn: 380 inputs each reach the 51st (the coach's screens)
        report = monkey.run(app, events=20_000, seed=20261130, per_scene=380)
    finally:
        app.close()
    assert report.events == 20_000
    assert report.scenes_seen == set(smoke.SCENES)
    assert report.positions_checked > 5_000  # frames with a four-player table on the stack
