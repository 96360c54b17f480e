"""About: the version, the licence and the credits, and where the log file is.

Reached from the small link in the main menu's corner. Every name and licence here is
also in packaging/THIRD-PARTY-NOTICES.txt, which the bundles carry with the full texts.
"""

from __future__ import annotations

from ..crash import log_path
from ..i18n import tr
from ..version import version
from . import theme
from .textpage import TextPageScene


class AboutScene(TextPageScene):
    """The version, the licence and the credits, and where the log is."""

    title_key = "about.title"
    width = 900

    def paragraphs(self) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) from top to bottom."""
        return [
            (tr("about.version", version=version()), theme.GOLD_LIGHT, True),
            (tr("about.licence"), theme.TEXT, False),
            (tr("about.made_with"), theme.TEXT, False),
            (tr("about.fonts"), theme.TEXT, False),
            (tr("about.art"), theme.TEXT, False),
            (tr("about.notices"), theme.TEXT_DIM, False),
            (tr("about.log", path=str(log_path(self.app.args.data_dir))), theme.TEXT_DIM, False),
        ]
