"""Dice Parlor's rules core and engine.

Pure Python: nothing under ``game/`` imports pygame or ``scenes`` (a test
enforces it), so the rules run headless in tests, on the command line and in
the computer players. Importing this package has no side effects.
"""

__version__ = "0.1.0"
