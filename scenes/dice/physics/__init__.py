"""The dice's physics, pure Python: rigid rounded cubes on the felt (``dice_world``), their turns and labels
(``cube``), a throw worked out whole and recorded (``dice_throw``), a drag or flick read as a throw
(``throw_gesture``), and a shaken cup's flight worked out before the engine rolls (``throw_ahead``). In die
sides and seconds; what a throw needs of the camera is handed in.

May import: the standard library and each other; not pygame, not ``game``, nor the rest of ``scenes``.
"""
