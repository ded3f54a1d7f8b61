"""Mission maps as data: TOML files shipped in ``rules/data`` plus any the user adds.

Reading the packaged files is the only I/O in ``keystand.rules``; callers pass the
text of extra maps in, so the package itself never looks around the file system.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .errors import SetupError
from .setup import MODIFIERS, Rules, apply_modifier, parse_mission_numbers

DATA_DIR = Path(__file__).with_name("data")


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    name: str
    edition: str
    tokens: int
    bystanders: int | None
    source: str
    unlocks: tuple[str, ...] = ()
    location: str | None = None
    table_rule: str | None = None
    start: bool = False
    final: bool = False


@dataclass(frozen=True, slots=True)
class Bonus:
    id: str
    edition: str
    effect: str
    value: int
    text: str
    source: str
    earned_by: tuple[str, ...] = ()


@dataclass(slots=True)
class MissionBook:
    missions: dict[str, Mission] = field(default_factory=dict)
    bonuses: dict[str, Bonus] = field(default_factory=dict)

    def add_toml(self, text: str, origin: str) -> None:
        """Add one map. Raises ``SetupError`` naming the file and key on bad data."""
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise SetupError(f"{origin}: not valid TOML ({exc})") from None
        edition = doc.get("edition", {}).get("id", Path(origin).stem)
        for n, item in enumerate(doc.get("mission", []), 1):
            where = f"{origin}: mission {n}"
            try:
                mission = Mission(
                    id=_text(item, "id", where),
                    name=_text(item, "name", where),
                    edition=edition,
                    tokens=_int(item, "tokens", where),
                    bystanders=_int(item, "bystanders", where) if "bystanders" in item else None,
                    source=_text(item, "source", where),
                    unlocks=tuple(item.get("unlocks", ())),
                    location=item.get("location"),
                    table_rule=item.get("table_rule"),
                    start=bool(item.get("start", False)),
                    final=bool(item.get("final", False)),
                )
            except KeyError as exc:
                raise SetupError(f"{where}: missing key {exc}") from None
            if mission.bystanders is not None:
                Rules(tokens=mission.tokens, bystander_tokens=mission.bystanders)  # validates
            self.missions[mission.id] = mission
        for n, item in enumerate(doc.get("bonus", []), 1):
            where = f"{origin}: bonus {n}"
            effect = _text(item, "effect", where)
            if effect not in MODIFIERS:
                raise SetupError(f"{where}: effect '{effect}' is not one of {', '.join(MODIFIERS)}")
            earned = item.get("earned_by", "")
            self.bonuses[_text(item, "id", where)] = Bonus(
                id=item["id"],
                edition=edition,
                effect=effect,
                value=_int(item, "value", where),
                text=_text(item, "text", where),
                source=_text(item, "source", where),
                earned_by=tuple(s.strip() for s in earned.split(",") if s.strip()),
            )

    def find(self, spec: str) -> Mission | None:
        key = _slug(spec)
        if key in self.missions:
            return self.missions[key]
        for mission in self.missions.values():
            if _slug(mission.name) == key:
                return mission
        return None


def _slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def _text(item: dict, key: str, where: str) -> str:
    value = item[key]
    if not isinstance(value, str):
        raise SetupError(f"{where}: '{key}' must be text")
    return value


def _int(item: dict, key: str, where: str) -> int:
    value = item[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise SetupError(f"{where}: '{key}' must be a whole number")
    return value


def load_book(extra: list[tuple[str, str]] = ()) -> MissionBook:  # type: ignore[assignment]
    """The packaged maps, then ``extra`` ``(origin, toml_text)`` maps that may override them."""
    book = MissionBook()
    for path in sorted(DATA_DIR.glob("*.toml")):
        book.add_toml(path.read_text(encoding="utf-8"), path.name)
    for origin, text in extra:
        book.add_toml(text, origin)
    return book


def make_rules(
    *,
    ruleset: str = "duet",
    tokens: int | None = None,
    mission: str | None = None,
    bonuses: tuple[str, ...] | list[str] = (),
    turn_order: str = "strict",
    book: MissionBook | None = None,
) -> Rules:
    """Build :class:`Rules` from what a player chooses: ``--mission cairo`` or ``9-5``."""
    if tokens is not None and mission is not None:
        raise SetupError("choose a mission or a bank size, not both")
    mission_id: str | None = None
    if mission is not None:
        numbers = parse_mission_numbers(mission)
        if numbers is None:
            book = book or load_book()
            found = book.find(mission)
            if found is None:
                raise SetupError(f"unknown mission '{mission}' (give a name from the map or T-M)")
            if found.bystanders is None:
                raise SetupError(
                    f"mission {found.name} has no acceptable-mistake count in our data; "
                    f"play it as --mission {found.tokens}-M or add 'bystanders' to its map"
                )
            numbers = (found.tokens, found.bystanders)
            mission_id = found.id
        tokens, bystanders = numbers
    else:
        tokens = 9 if tokens is None else tokens
        bystanders = tokens
    rules = Rules(
        ruleset=ruleset,  # type: ignore[arg-type]
        tokens=tokens,
        bystander_tokens=bystanders,
        turn_order=turn_order,  # type: ignore[arg-type]
        mission=mission_id,
    )
    if bonuses:
        book = book or load_book()
        for name in bonuses:
            bonus = book.bonuses.get(name)
            if bonus is None:
                raise SetupError(
                    f"unknown bonus '{name}' (known: {', '.join(sorted(book.bonuses))})"
                )
            rules = apply_modifier(rules, bonus.effect, bonus.value)
    return rules
