"""How a game is set up: ruleset, bank, mission and one-time bonuses."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from .errors import SetupError

Ruleset = Literal["duet", "paper"]
TurnOrder = Literal["strict", "loose"]
RULESETS: tuple[str, ...] = ("duet", "paper")
TURN_ORDERS: tuple[str, ...] = ("strict", "loose")
MAX_TOKENS = 12  # the box holds 11 (Duet) or 12 (10-token edition) tokens
MAX_CLUE = 9  # a seat has nine agents to clue
AGENTS = 15
# What a bonus can do to a game (the "effect" of a [[bonus]] in a mission map):
# change the setup, or allow an action a number of times (a Rules field of that name).
SETUP_EFFECTS = ("extra_tokens", "flip_to_bystander", "ignore_bystanders", "win_threshold")
ACTION_EFFECTS = ("two_word_clues", "double_touches", "official_marks", "double_clues")
EFFECTS = SETUP_EFFECTS + ACTION_EFFECTS

_MISSION_RE = re.compile(r"^\s*(\d{1,2})\s*[-/]\s*(\d{1,2})\s*$")


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the engine needs to know about a game besides its key card.

    ``tokens`` is the bank (T); ``bystander_tokens`` (M) how many start bystander side
    up, the rest checkmark side up. A standard game is T-T. The last four fields are
    how many times this game may use each bonus action (``ACTION_EFFECTS``): a
    two-word clue, touching two cards, marking a bystander before a clue, two clues
    at once.
    """

    ruleset: Ruleset = "duet"
    tokens: int = 9
    bystander_tokens: int = 9
    turn_order: TurnOrder = "strict"
    win_threshold: int | None = None
    ignore_bystanders: int = 0
    mission: str | None = None
    two_word_clues: int = 0
    double_touches: int = 0
    official_marks: int = 0
    double_clues: int = 0

    def __post_init__(self) -> None:
        if self.ruleset not in RULESETS:
            raise SetupError(f"unknown ruleset '{self.ruleset}' (choose duet or paper)")
        if self.turn_order not in TURN_ORDERS:
            raise SetupError(f"unknown turn order '{self.turn_order}' (choose strict or loose)")
        if not 1 <= self.tokens <= MAX_TOKENS:
            raise SetupError(f"a time bank holds 1 to {MAX_TOKENS} tokens, not {self.tokens}")
        if not 0 <= self.bystander_tokens <= self.tokens:
            raise SetupError(
                f"mission {self.tokens}-{self.bystander_tokens} is impossible: "
                f"0 to {self.tokens} tokens can be bystander side up"
            )
        if self.win_threshold is not None and not 1 <= self.win_threshold <= AGENTS:
            raise SetupError(f"a win threshold is 1 to {AGENTS} agents")
        for name in ("ignore_bystanders", *ACTION_EFFECTS):
            if getattr(self, name) < 0:
                raise SetupError(f"{name} cannot be negative")

    @property
    def label(self) -> str:
        """The mission parameters as ``T-M``."""
        return f"{self.tokens}-{self.bystander_tokens}"


def parse_mission_numbers(text: str) -> tuple[int, int] | None:
    """``'9-5'`` or ``'9/5'`` to ``(9, 5)``; ``None`` when the text is not of that form."""
    m = _MISSION_RE.match(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def apply_modifier(rules: Rules, effect: str, value: int, uses: int = 1) -> Rules:
    """Apply one bonus effect: change the setup by ``value``, or allow an action
    ``uses`` more times in this game."""
    if effect in ACTION_EFFECTS:
        return replace(rules, **{effect: getattr(rules, effect) + uses})
    if effect == "extra_tokens":
        return replace(rules, tokens=min(MAX_TOKENS, rules.tokens + value))
    if effect == "flip_to_bystander":
        return replace(rules, bystander_tokens=min(rules.tokens, rules.bystander_tokens + value))
    if effect == "ignore_bystanders":
        return replace(rules, ignore_bystanders=rules.ignore_bystanders + value)
    if effect == "win_threshold":
        return replace(rules, win_threshold=value)
    raise SetupError(f"unknown bonus effect '{effect}' (known: {', '.join(EFFECTS)})")
