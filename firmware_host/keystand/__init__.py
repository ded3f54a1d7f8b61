"""keystand: a Raspberry Pi table companion for Codenames Duet."""

__version__ = "0.1.0"

# The languages of the screens, books, slips and word lists: English (the source
# language of every string), Finnish and Japanese. One list, read everywhere.
LANGUAGES = ("en", "fi", "ja")
