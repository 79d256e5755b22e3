"""The action check (R-MK-10 … R-MK-19) and what rides on it: dice readings, hope, the voice of the people, odds."""
