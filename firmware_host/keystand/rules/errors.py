"""Typed errors the rules raise. Each message is meant for a player to read."""


class RulesError(ValueError):
    """Base class: bad input to the rules domain."""


class LayoutError(RulesError):
    """A layout string or pair list is not a valid key card."""


class KeyCodeError(RulesError):
    """A typed key code is not one we issued (mistyped, wrong length, out of range)."""


class IllegalAction(RulesError):
    """An action the rules do not allow now. The state it was applied to is unchanged.

    ``reason`` is a short stable code for what was refused (``"covered"``,
    ``"clue_order"``, ...), so that a screen can say it in the player's language;
    the message is the full English sentence for logs and the command line.
    """

    def __init__(self, message: str, reason: str = "not_allowed") -> None:
        super().__init__(message)
        self.reason = reason


class SetupError(RulesError):
    """A game cannot be set up this way (bank size, mission, ruleset)."""
