"""The game being played, outside the screen: no pygame here."""
