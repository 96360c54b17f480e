"""Entry point of the bundle (PyInstaller runs it as a script, so no relative imports)."""

import sys

from klaverjas_gui.app import main

sys.exit(main())
