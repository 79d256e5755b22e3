"""The labyrinth phase: the court's expedition through the map, its rooms' events, camp, quarters, transport,
minions going home, and the seam to battle."""
