"""Pure renderers: view models in, PIL images out. No hardware, no I/O."""
