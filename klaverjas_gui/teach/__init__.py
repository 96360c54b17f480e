"""Teaching: tutorial lessons, hints and deal review. Pure Python; scenes draw it."""
