"""Messages of the HTTP API (keys start with ``api.``), in ko / ja / en."""
