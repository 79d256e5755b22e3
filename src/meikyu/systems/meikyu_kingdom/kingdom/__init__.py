"""The kingdom phase: the round table, the action cycle, cooperation, and kingdom-side table effects."""
