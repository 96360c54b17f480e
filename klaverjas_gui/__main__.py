"""`python -m klaverjas_gui`: the same as the `klaverjas` command."""

import sys

from .app import main

if __name__ == "__main__":  # not when a process of the coach's (play/coaching.py) starts
    sys.exit(main())
