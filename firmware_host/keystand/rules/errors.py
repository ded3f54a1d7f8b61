"""Typed errors the rules raise. Each message is meant for a player to read."""


class RulesError(ValueError):
    """Base class: bad input to the rules domain."""


class LayoutError(RulesError):
    """A layout string or pair list is not a valid key card."""


class KeyCodeError(RulesError):
    """A typed key code is not one we issued (mistyped, wrong length, out of range)."""


class IllegalAction(RulesError):
    """An action the rules do not allow now. The state it was applied to is unchanged."""


class SetupError(RulesError):
    """A game cannot be set up this way (bank size, mission, ruleset)."""
