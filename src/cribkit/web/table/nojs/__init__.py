"""The table without JavaScript: every legal move as a plain form the server draws."""
