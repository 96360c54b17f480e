"""Entry point of the bundle (PyInstaller runs it as a script, so no relative imports)."""

import multiprocessing
import sys

if __name__ == "__main__":
    # The coach judges in a process of its own (play/coaching.py), which a bundle starts
    # by running itself again: freeze_support turns that run into the judge, not a game.
    multiprocessing.freeze_support()
    from klaverjas_gui.app import main

    sys.exit(main())
