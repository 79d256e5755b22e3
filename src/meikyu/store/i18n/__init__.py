"""Messages of shared games (keys start with ``games.``), in ko / ja / en."""
