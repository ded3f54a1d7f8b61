"""The daemon: configuration, the game session, the journal and the event loop."""
