"""The random tables as data: the catalog of table files, their effect vocabulary, and the generators (names, words)."""
