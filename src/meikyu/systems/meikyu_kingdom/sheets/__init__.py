"""The kingdom and its court on paper: sheet fields, characters, the kingdom, facilities, and their text views."""
