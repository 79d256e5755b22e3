"""The package's version: one plain value any layer may read (``import meikyu`` re-exports it).

It is its own module so that a low module (``dice.version``) reads it without importing the package's front door.
"""

__version__ = "0.1.0"
