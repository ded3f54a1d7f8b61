"""keystand: a Raspberry Pi table companion for Codenames Duet."""

__version__ = "0.1.0"
