"""Data that acts (R-MK-08, R-MK-09, R-MK-17): skills, items, facilities and monster skills whose effects
the engine applies, in the tables' effect vocabulary.

:mod:`.vocabulary` says what a piece of data may say (timings, triggers, scopes, costs and the effect
types, the tables' own plus a few for data); :mod:`.acts` reads and writes it with errors that name the
file, the entry and the field and show an example; :mod:`.order` answers the one question the rules
machines ask — what applies here, for whom, in which order (R-MK-09). ``data/DATA_EFFECTS.md``
documents the format with worked examples.
"""
