"""Hardware abstraction: ports and their adapters (serial printer and scanner so far)."""
