"""The two-player (Klabberjass) pieces of the table: what differs from the four-player ones."""
