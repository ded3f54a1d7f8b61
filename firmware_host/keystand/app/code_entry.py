"""Typing a game code with a seat's encoder, for tables without a scanner.

A game code is ``KS1G`` and then Crockford symbols (docs/seed-format.md); the
entry supplies the prefix, so the player dials only the symbols: turn to pick
one, press to add it, back to delete the last (or leave when nothing is typed),
hold to load. The code's check symbols catch a mistyped symbol or two swapped
neighbours, so a wrong entry is refused, not loaded.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.base32 import ALPHABET, grouped

PREFIX = "KS1G"
MAX_SYMBOLS = 32  # longer than any game code; the check refuses what does not fit


@dataclass
class CodeEntry:
    typed: str = ""
    index: int = 0  # the symbol under the encoder, in ALPHABET

    @property
    def symbol(self) -> str:
        return ALPHABET[self.index]

    def turn(self, step: int) -> None:
        self.index = (self.index + step) % len(ALPHABET)

    def add(self) -> None:
        if len(self.typed) < MAX_SYMBOLS:
            self.typed += self.symbol

    def delete(self) -> bool:
        """Remove the last symbol; False when there was none (the entry closes)."""
        if not self.typed:
            return False
        self.typed = self.typed[:-1]
        return True

    def text(self) -> str:
        """The code as the game-code parser reads it."""
        return PREFIX + self.typed

    def shown(self) -> str:
        """Grouped in fours, as slips print codes: KS1G-06M6-NZ2B-…"""
        return "-".join([PREFIX, *grouped(self.typed)])


# A team's name: letters (the Finnish ones too), digits, space and hyphen.
NAME_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ0123456789 -"
MAX_NAME = 16  # what fits the menu's value column; the store allows 32


@dataclass
class NameEntry:
    """Naming a new team with the encoder: it starts from a suggested name; turn to
    pick a letter, press to add it, back to delete the last, hold to create."""

    typed: str = ""
    index: int = 0
    edition: str = "duet"

    @property
    def symbol(self) -> str:
        return NAME_ALPHABET[self.index]

    def turn(self, step: int) -> None:
        self.index = (self.index + step) % len(NAME_ALPHABET)

    def add(self) -> None:
        """Add the symbol under the encoder: a capital first, small letters after."""
        if len(self.typed) < MAX_NAME:
            ch = self.symbol
            self.typed += ch.lower() if self.typed and self.typed[-1] != " " else ch

    def delete(self) -> bool:
        if not self.typed:
            return False
        self.typed = self.typed[:-1]
        return True

    def shown(self) -> str:
        return self.typed
