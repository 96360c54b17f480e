"""The table: one match drawn and played at one screen (see scene.py)."""
