"""`python -m klaverjas_gui`: the same as the `klaverjas` command."""

import sys

from .app import main

sys.exit(main())
