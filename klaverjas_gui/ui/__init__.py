"""The pygame user interface: scenes, the table, widgets and the theme.

Everything here draws what the engine says; no rule is decided in this package.
"""
