"""The labyrinth as data: the map of rooms, and what its tables put in a room (items, monsters)."""
