"""The pure rules domain: key cards, key codes, the game state machine, missions.

Nothing in this package does I/O beyond reading its own packaged data files, and
nothing imports hardware or UI code, so every rule can be tested and replayed alone.
The submodules are imported on demand; importing ``keystand.rules`` itself is cheap.
"""
