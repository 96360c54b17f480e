"""The three-player (Kalabriasz) pieces of the table: what differs from the four-player ones."""
