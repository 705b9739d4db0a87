"""Dice Parlor's pygame front end: scenes on a stack, drawn from the engine's state.

Scenes draw the state and send actions through the session; they never
decide anything about the rules. Nothing here opens a window on import.
"""
