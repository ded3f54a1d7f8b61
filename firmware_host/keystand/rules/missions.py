"""Mission maps as data: TOML files shipped in ``rules/data`` plus any the user adds.

Reading the packaged files is the only I/O in ``keystand.rules``; callers pass the
text of extra maps in, so the package itself never looks around the file system.

A map holds an ``[edition]``, its ``[[mission]]`` entries (numbers, lines to the
missions they unlock, ``start`` and ``final`` flags, a ``location``) and its
``[[bonus]]`` entries (a box's reward, or a location's bonus). A later map adds
missions and lines to earlier ones: an entry whose ``id`` is already known
changes only the keys it gives, and its ``unlocks`` add lines to the old ones.
The format is described in docs/rules.md ("Missions are data").

Every number says where it comes from (a ``*_source``). A source starting with
``rulebook`` or ``mission log`` is printed in our rulebooks (the Duet rulebook in
English, Japanese and Finnish; the 10-token edition's, whose mission log page our
scan prints); any other number (``second transcription``, ``secondary``, a user's
map) is *marked* wherever it is shown. Where the packaged data follows another
reading than the rulebook's, the entry's ``rulebook`` table keeps the rulebook's
number, and a map file's ``[edition] reading = "rulebook"`` plays those instead.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .errors import SetupError
from .setup import (
    EFFECTS,
    MAX_TOKENS,
    SETUP_EFFECTS,
    Rules,
    apply_modifier,
    parse_mission_numbers,
)

DATA_DIR = Path(__file__).with_name("data")
NUMBERS = ("tokens", "bystanders")
BONUS_NUMBERS = ("value", "uses")
# Sources that are our rulebooks: a number from any other is marked where shown.
PRINTED = ("rulebook", "mission log")
READINGS = ("rulebook",)  # what a map file's [edition] reading may choose


def expert_numbers(tokens: int, bystanders: int | None, removes: int) -> tuple[int, int | None]:
    """A mission's ``(T, M)`` with ``removes`` tokens taken out. *Decision* (the
    rulebook does not say which side): a checkmark-side token goes first, so the
    acceptable mistakes stay while there are checkmark tokens to take; a mission
    with none (T-T) loses bystander-side ones: 10/5 -> 9/5, 10/10 -> 9/9."""
    left = tokens - removes
    return left, None if bystanders is None else min(bystanders, left)


def printed(source: str | None) -> bool:
    """Whether a number's source is one of our rulebooks (see :data:`PRINTED`)."""
    return bool(source) and str(source).startswith(PRINTED)


# A reading of a number that differs from the one played: (number, value, source).
Reading = tuple[str, int, str]


@dataclass(frozen=True, slots=True)
class Edition:
    """A game box with its own mission map (``duet``, ``coop10``, or a user's)."""

    id: str
    name: str
    standard_tokens: int | None
    source: str
    box_tokens: int | None = None  # the timer tokens its box holds
    box_source: str | None = None
    # Its rulebook's expert variant: this many tokens fewer in every mission (0: none).
    expert_removes: int = 0
    expert_source: str | None = None


@dataclass(frozen=True, slots=True)
class Mission:
    """One place on a map. A number we do not know is ``None`` (never guessed), and
    its ``*_source`` says where each known number comes from."""

    id: str
    name: str
    edition: str
    tokens: int | None
    bystanders: int | None
    source: str
    tokens_source: str | None = None
    bystanders_source: str | None = None
    unlocks: tuple[str, ...] = ()
    location: str | None = None
    start: bool = False
    final: bool = False
    rulebook: tuple[Reading, ...] = ()  # the rulebook's numbers where ours differ
    # Opens once all of these are complete: no line is known to lead to it, but the
    # rulebooks say wins there open more missions (docs/campaigns.md).
    open_after: tuple[str, ...] = ()
    open_after_source: str | None = None
    origin: str = field(default="", compare=False)  # the file it was read from

    @property
    def missing(self) -> tuple[str, ...]:
        """The numbers this mission still needs before it can be played."""
        return tuple(n for n in NUMBERS if getattr(self, n) is None)

    @property
    def playable(self) -> bool:
        return not self.missing

    @property
    def label(self) -> str:
        """``T-M``, with ``?`` for a number not known."""
        t, m = ("?" if v is None else str(v) for v in (self.tokens, self.bystanders))
        return f"{t}-{m}"

    def numbers(self, removes: int = 0) -> tuple[int | None, int | None]:
        """``(T, M)`` as played with ``removes`` tokens taken out (an expert variant)."""
        if removes and self.tokens is not None:
            return expert_numbers(self.tokens, self.bystanders, removes)
        return self.tokens, self.bystanders

    def label_for(self, removes: int = 0) -> str:
        """:attr:`label` with ``removes`` tokens taken out (an expert variant)."""
        return "-".join("?" if v is None else str(v) for v in self.numbers(removes))

    @property
    def unprinted(self) -> tuple[str, ...]:
        """The known numbers our rulebooks do not print: each is marked where shown."""
        return tuple(
            n
            for n in NUMBERS
            if getattr(self, n) is not None and not printed(getattr(self, f"{n}_source"))
        )

    @property
    def marked(self) -> bool:
        return bool(self.unprinted)

    def rulebook_reads(self, number: str) -> int | None:
        """The rulebook's reading of ``number`` where it differs from the one played."""
        return next((v for n, v, _s in self.rulebook if n == number), None)


@dataclass(frozen=True, slots=True)
class Bonus:
    """A one-time bonus: a box's reward (``earned_by`` its missions, one use) or a
    location's bonus (``location``, as many uses as the log's diamonds)."""

    id: str
    name: str
    edition: str
    effect: str
    value: int
    text: str
    source: str
    earned_by: tuple[str, ...] = ()
    location: str | None = None
    uses: int = 1
    value_source: str = ""
    uses_source: str = ""
    rulebook: tuple[Reading, ...] = ()  # the rulebook's numbers where ours differ

    @property
    def title(self) -> str:
        """The name as shown: ``{value}`` in it stands for the bonus's value."""
        return self.name.replace("{value}", str(self.value))

    @property
    def shown(self) -> tuple[str, ...]:
        """The numbers a player sees: the uses, and the value of a setup bonus."""
        return ("value", "uses") if self.effect in SETUP_EFFECTS else ("uses",)

    @property
    def unprinted(self) -> tuple[str, ...]:
        """The shown numbers our rulebooks do not print: each is marked where shown."""
        return tuple(n for n in self.shown if not printed(getattr(self, f"{n}_source")))

    def rulebook_reads(self, number: str) -> int | None:
        return next((v for n, v, _s in self.rulebook if n == number), None)


@dataclass(slots=True)
class MissionBook:
    """Every edition, mission and bonus known: the packaged maps and the user's."""

    editions: dict[str, Edition] = field(default_factory=dict)
    missions: dict[str, Mission] = field(default_factory=dict)
    bonuses: dict[str, Bonus] = field(default_factory=dict)

    def add_toml(self, text: str, origin: str, *, require_sources: bool = False) -> None:
        """Add one map. Raises ``SetupError`` naming the file and entry on bad data.
        ``require_sources``: every number must say where it comes from (our data)."""
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise SetupError(f"{origin}: not valid TOML ({exc})") from None
        edition = self._add_edition(doc.get("edition"), origin, require_sources)
        missions = doc.get("mission", [])
        bonuses = doc.get("bonus", [])
        if not isinstance(missions, list) or not isinstance(bonuses, list):
            raise SetupError(f"{origin}: 'mission' and 'bonus' are lists ([[mission]], [[bonus]])")
        for n, item in enumerate(missions, 1):
            where = f"{origin}: mission {n}"
            if not isinstance(item, dict):
                raise SetupError(f"{where}: not a table")
            mission = self._read_mission(item, edition, where, origin, require_sources)
            self.missions[mission.id] = mission
        for n, item in enumerate(bonuses, 1):
            where = f"{origin}: bonus {n}"
            bonus = self._read_bonus(item, edition, where, origin, require_sources)
            self.bonuses[bonus.id] = bonus
        table = doc.get("edition")
        if isinstance(table, dict) and "reading" in table:
            reading = table["reading"]
            if reading not in READINGS:
                raise SetupError(
                    f"{origin}: [edition]: 'reading' may only be \"rulebook\" (the numbers "
                    "as our rulebooks print them), not "
                    + (f"'{reading}'" if isinstance(reading, str) else "that")
                )
            self._use_rulebook_reading(edition)

    def _use_rulebook_reading(self, edition: str) -> None:
        """Play the rulebook's numbers wherever the packaged data reads otherwise."""
        for m in self.in_edition(edition):
            if m.rulebook:
                self.missions[m.id] = replace(m, rulebook=(), **_reading_changes(m.rulebook))
        for b in self.bonuses_of(edition):
            if b.rulebook:
                self.bonuses[b.id] = replace(b, rulebook=(), **_reading_changes(b.rulebook))

    def _add_edition(self, table: object, origin: str, require_sources: bool) -> str:
        stem = Path(origin).stem
        if table is None:
            return stem
        where = f"{origin}: [edition]"
        if not isinstance(table, dict):
            raise SetupError(f"{where}: not a table")
        edition_id = _text(table, "id", where) if "id" in table else stem
        old = self.editions.get(edition_id) or Edition(edition_id, edition_id, None, origin)
        if require_sources and "source" not in table:
            raise SetupError(f"{where}: missing key 'source'")
        self.editions[edition_id] = Edition(
            id=edition_id,
            name=_text(table, "name", where) if "name" in table else old.name,
            standard_tokens=(
                _int(table, "standard_tokens", where)
                if "standard_tokens" in table
                else old.standard_tokens
            ),
            source=_text(table, "source", where) if "source" in table else old.source,
            box_tokens=(
                _int(table, "box_tokens", where) if "box_tokens" in table else old.box_tokens
            ),
            box_source=(
                _text(table, "box_source", where)
                if "box_source" in table
                else f"your map {origin}" if "box_tokens" in table else old.box_source
            ),
            expert_removes=old.expert_removes,
            expert_source=old.expert_source,
        )
        if "expert_removes" in table:
            removes = _int(table, "expert_removes", where)
            if not 0 <= removes < MAX_TOKENS:
                raise SetupError(f"{where}: 'expert_removes' is 0 to {MAX_TOKENS - 1}")
            if require_sources and "expert_source" not in table:
                raise SetupError(f"{where}: missing key 'expert_source'")
            self.editions[edition_id] = replace(
                self.editions[edition_id],
                expert_removes=removes,
                expert_source=(
                    _text(table, "expert_source", where)
                    if "expert_source" in table
                    else f"your map {origin}"
                ),
            )
        if require_sources and "box_tokens" in table and "box_source" not in table:
            raise SetupError(f"{where}: missing key 'box_source'")
        box = self.editions[edition_id].box_tokens
        if box is not None and not 1 <= box <= MAX_TOKENS:
            raise SetupError(f"{where}: 'box_tokens' is 1 to {MAX_TOKENS}, not {box}")
        return edition_id

    def _read_mission(
        self, item: dict, edition: str, where: str, origin: str, require_sources: bool
    ) -> Mission:
        mission_id = _text(item, "id", where)
        if _slug(mission_id) != mission_id:
            raise SetupError(
                f"{where}: id '{mission_id}' must be lower-case letters, digits and hyphens"
            )
        where = f"{where} ({mission_id})"
        unknown = set(item) - _MISSION_KEYS
        if unknown:
            raise SetupError(f"{where}: unknown key '{sorted(unknown)[0]}'")
        old = self.missions.get(mission_id)
        if old is None:
            if "name" not in item:
                raise SetupError(f"{where}: missing key 'name'")
            if require_sources and "source" not in item:
                raise SetupError(f"{where}: missing key 'source'")
            old = Mission(
                id=mission_id,
                name="",
                edition=edition,
                tokens=None,
                bystanders=None,
                source=f"your map {origin}",
            )
        changes: dict = {"origin": origin}
        if "name" in item:
            changes["name"] = _text(item, "name", where)
        if "source" in item:
            changes["source"] = _text(item, "source", where)
        source = changes.get("source", f"your map {origin}")  # for the numbers given here
        for number in NUMBERS:
            key = f"{number}_source"
            if number in item:
                changes[number] = _int(item, number, where)
                changes[key] = _text(item, key, where) if key in item else source
            elif key in item:
                raise SetupError(f"{where}: '{key}' without '{number}'")
        if "rulebook" in item:
            changes["rulebook"] = _read_reading(item["rulebook"], NUMBERS, f"{where}: rulebook")
        if "open_after" in item:
            changes["open_after"] = _ids(item, "open_after", where)
            if require_sources and "open_after_source" not in item:
                raise SetupError(f"{where}: missing key 'open_after_source'")
            changes["open_after_source"] = (
                _text(item, "open_after_source", where)
                if "open_after_source" in item
                else changes.get("source", f"your map {origin}")
            )
        elif "open_after_source" in item:
            raise SetupError(f"{where}: 'open_after_source' without 'open_after'")
        if "unlocks" in item:  # lines add to the ones already known
            lines = _ids(item, "unlocks", where)
            changes["unlocks"] = tuple(dict.fromkeys((*old.unlocks, *lines)))
        if "location" in item:
            changes["location"] = _text(item, "location", where)
        for flag in ("start", "final"):
            if flag in item:
                if not isinstance(item[flag], bool):
                    raise SetupError(f"{where}: '{flag}' must be true or false")
                changes[flag] = item[flag]
        mission = replace(old, **changes)
        _check_numbers(mission, where)
        return mission

    def _read_bonus(
        self, item: object, edition: str, where: str, origin: str, require_sources: bool
    ) -> Bonus:
        """A bonus; one whose ``id`` is known changes only the keys given."""
        if not isinstance(item, dict):
            raise SetupError(f"{where}: not a table")
        bonus_id = _text(item, "id", where)
        where = f"{where} ({bonus_id})"
        unknown = set(item) - _BONUS_KEYS
        if unknown:
            raise SetupError(f"{where}: unknown key '{sorted(unknown)[0]}'")
        old = self.bonuses.get(bonus_id)
        if old is None:
            for key in ("effect", "text", "source"):
                _text(item, key, where)  # a new bonus needs them: "missing key ..."
        source = _text(item, "source", where) if "source" in item else None
        changes: dict = {}
        for key in ("name", "effect", "text"):
            if key in item:
                changes[key] = _text(item, key, where)
        if source is not None:
            changes["source"] = source
        number_source = source or f"your map {origin}"
        for number in BONUS_NUMBERS:
            key = f"{number}_source"
            if require_sources and number in _EXPLICIT and old is None:
                for needed in (number, key):
                    if needed not in item:
                        raise SetupError(f"{where}: missing key '{needed}'")
            if number in item:
                changes[number] = _int(item, number, where)
                changes[key] = _text(item, key, where) if key in item else number_source
            elif key in item:
                raise SetupError(f"{where}: '{key}' without '{number}'")
        if "earned_by" in item:
            changes["earned_by"] = _ids(item, "earned_by", where)
        if "location" in item:
            changes["location"] = _text(item, "location", where)
        if "rulebook" in item:
            reading = _read_reading(item["rulebook"], BONUS_NUMBERS, f"{where}: rulebook")
            changes["rulebook"] = reading
        if old is None:
            first = changes.get("source", number_source)
            old = Bonus(
                id=bonus_id,
                name=bonus_id,
                edition=edition,
                effect="",
                value=1,
                text="",
                source=first,
                value_source=first,
                uses_source=first,
            )
        bonus = replace(old, **changes)
        if bonus.effect not in EFFECTS:
            raise SetupError(
                f"{where}: effect '{bonus.effect}' is not one of {', '.join(EFFECTS)}"
            )
        if bool(bonus.earned_by) == bool(bonus.location):
            raise SetupError(f"{where}: give either 'earned_by' (a box's missions) or 'location'")
        if bonus.uses < 1:
            raise SetupError(f"{where}: 'uses' must be at least 1")
        return bonus

    def check(self) -> None:
        """Every line, box and location leads to a mission of the same edition, and
        every edition with missions has a standard game to start from."""
        for m in self.missions.values():
            where = f"{m.origin}: mission {m.id}"
            for target in m.unlocks:
                other = self.missions.get(target)
                if other is None:
                    raise SetupError(f"{where}: unlocks unknown mission '{target}'")
                if other.edition != m.edition:
                    raise SetupError(f"{where}: unlocks '{target}' of another edition")
            for before in m.open_after:
                other = self.missions.get(before)
                if other is None or other.edition != m.edition or before == m.id:
                    raise SetupError(
                        f"{where}: opens after '{before}', which is not another mission "
                        "of its edition"
                    )
            if m.location is not None and m.location not in self.missions:
                raise SetupError(f"{where}: location '{m.location}' is not a mission")
            box = self.editions.get(m.edition)
            if box and box.box_tokens and m.tokens is not None and m.tokens > box.box_tokens:
                raise SetupError(
                    f"{where}: {m.tokens} tokens, but the {box.name} box holds {box.box_tokens}"
                )
        for b in self.bonuses.values():
            for target in (*b.earned_by, *((b.location,) if b.location else ())):
                if target not in self.missions:
                    raise SetupError(f"bonus {b.id}: unknown mission '{target}'")
        for edition in {m.edition for m in self.missions.values()}:
            missions = self.in_edition(edition)
            if not any(m.start for m in missions):
                raise SetupError(
                    f"{missions[0].origin}: edition '{edition}' has no mission marked "
                    "start = true (to add to a packaged map, give [edition] id = \"duet\" "
                    "or \"coop10\")"
                )

    def in_edition(self, edition: str) -> list[Mission]:
        return [m for m in self.missions.values() if m.edition == edition]

    def bonuses_of(self, edition: str) -> list[Bonus]:
        return [b for b in self.bonuses.values() if b.edition == edition]

    def standard(self, edition: str) -> Mission:
        """The edition's standard game: its first ``start`` mission."""
        return next(m for m in self.in_edition(edition) if m.start)

    def find(self, spec: str, edition: str | None = None) -> Mission | None:
        """A mission by id or name (any case and punctuation), optionally in one edition."""
        key = _slug(spec)
        candidates = self.in_edition(edition) if edition else list(self.missions.values())
        for mission in candidates:
            if mission.id == key:
                return mission
        for mission in candidates:
            if _slug(mission.name) == key:
                return mission
        return None


_MISSION_KEYS = {
    "id",
    "name",
    "source",
    *NUMBERS,
    *(f"{n}_source" for n in NUMBERS),
    "unlocks",
    "location",
    "start",
    "final",
    "rulebook",
    "open_after",
    "open_after_source",
}


_BONUS_KEYS = {
    "id",
    "name",
    "effect",
    "text",
    "source",
    *BONUS_NUMBERS,
    *(f"{n}_source" for n in BONUS_NUMBERS),
    "earned_by",
    "location",
    "rulebook",
}
# Packaged bonuses name these numbers' sources themselves: the bonus's own source
# (its text on the log) does not say how many times it is used.
_EXPLICIT = ("uses",)


def _check_numbers(m: Mission, where: str) -> None:
    if m.tokens is not None and m.bystanders is not None:
        try:
            Rules(tokens=m.tokens, bystander_tokens=m.bystanders)
        except SetupError as exc:
            raise SetupError(f"{where}: {exc}") from None
    elif m.tokens is not None and not 1 <= m.tokens <= MAX_TOKENS:
        raise SetupError(f"{where}: a time bank holds 1 to {MAX_TOKENS} tokens, not {m.tokens}")
    elif m.bystanders is not None and not 0 <= m.bystanders <= MAX_TOKENS:
        raise SetupError(f"{where}: 0 to {MAX_TOKENS} tokens can be bystander side up")


def _reading_changes(reading: tuple[Reading, ...]) -> dict[str, Any]:
    """The fields a reading replaces: each number and its source."""
    changes: dict[str, Any] = {}
    for number, value, source in reading:
        changes[number] = value
        changes[f"{number}_source"] = source
    return changes


def _read_reading(table: object, numbers: tuple[str, ...], where: str) -> tuple[Reading, ...]:
    """An entry's ``rulebook`` table: the rulebook's numbers, each with its source,
    which must be one of our rulebooks."""
    if not isinstance(table, dict):
        raise SetupError(f"{where}: not a table")
    unknown = set(table) - {*numbers, *(f"{n}_source" for n in numbers)}
    if unknown:
        raise SetupError(f"{where}: unknown key '{sorted(unknown)[0]}'")
    out = []
    for number in numbers:
        if number in table:
            source = _text(table, f"{number}_source", where)
            if not printed(source):
                raise SetupError(
                    f"{where}: '{number}_source' must cite a rulebook ('rulebook' or 'mission log')"
                )
            out.append((number, _int(table, number, where), source))
    return tuple(out)


def _slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def _text(item: dict, key: str, where: str) -> str:
    if key not in item:
        raise SetupError(f"{where}: missing key '{key}'")
    value = item[key]
    if not isinstance(value, str) or not value.strip():
        raise SetupError(f"{where}: '{key}' must be text")
    return value


def _int(item: dict, key: str, where: str) -> int:
    value = item[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise SetupError(f"{where}: '{key}' must be a whole number")
    return value


def _ids(item: dict, key: str, where: str) -> tuple[str, ...]:
    value = item[key]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise SetupError(f"{where}: '{key}' must be a list of mission ids")
    return tuple(value)


def load_book(extra: Iterable[tuple[str, str]] = ()) -> MissionBook:
    """The packaged maps, then ``extra`` ``(origin, toml_text)`` maps that add to them."""
    book = MissionBook()
    for path in sorted(DATA_DIR.glob("*.toml")):
        book.add_toml(path.read_text(encoding="utf-8"), path.name, require_sources=True)
    for origin, text in extra:
        book.add_toml(text, origin)
    book.check()
    return book


def mission_rules(mission: Mission) -> tuple[int, int]:
    """A mission's ``(T, M)``; ``SetupError`` saying what is missing when not known."""
    if mission.tokens is None or mission.bystanders is None:
        what = " and ".join(
            {"tokens": "tokens", "bystanders": "acceptable mistakes"}[n] for n in mission.missing
        )
        hint = f"--mission {mission.tokens}-M" if mission.tokens is not None else "--mission T-M"
        raise SetupError(
            f"mission {mission.name} needs its number of {what} (not in our sources): "
            f"give it in your map file, or play the numbers as {hint}"
        )
    return mission.tokens, mission.bystanders


def make_rules(
    *,
    ruleset: str = "duet",
    tokens: int | None = None,
    mission: str | None = None,
    bonuses: Iterable[str] = (),
    bonus_uses: Mapping[str, int] | None = None,
    turn_order: str = "strict",
    book: MissionBook | None = None,
    box: str | None = None,
    expert: bool = False,
) -> Rules:
    """Build :class:`Rules` from what a player chooses: ``--mission cairo`` or ``9-5``,
    and one-time ``bonuses`` by id. A bonus action may be used as many times as the
    bonus has uses, or as ``bonus_uses`` says (what a team has left of it). ``box``:
    the edition whose box a plain game's ``tokens`` come from (``--tokens`` is a Duet
    game); more than that box holds is refused, naming its count. ``expert``: the
    mission's edition's expert variant (tokens taken out of each mission)."""
    if tokens is not None and mission is not None:
        raise SetupError("choose a mission or a bank size, not both")
    if tokens is not None and box is not None:
        book = book or load_book()
        _check_box(book, box, tokens)
    found: Mission | None = None
    if mission is not None:
        numbers = parse_mission_numbers(mission)
        if numbers is None:
            book = book or load_book()
            found = book.find(mission)
            if found is None:
                raise SetupError(f"unknown mission '{mission}' (give a name from the map or T-M)")
            numbers = mission_rules(found)
        tokens, bystanders = numbers
        if expert:
            tokens, bystanders = _expert(book or load_book(), found, tokens, bystanders)
    else:
        if expert:
            _expert(book or load_book(), None, 0, 0)  # refused: no mission named
        tokens = 9 if tokens is None else tokens
        bystanders = tokens
    rules = Rules(
        ruleset=ruleset,  # type: ignore[arg-type]
        tokens=tokens,
        bystander_tokens=bystanders,
        turn_order=turn_order,  # type: ignore[arg-type]
        mission=found.id if found else None,
    )
    bonuses = list(bonuses)
    if bonuses:
        book = book or load_book()
        for name in bonuses:
            bonus = book.bonuses.get(name)
            if bonus is None:
                raise SetupError(
                    f"unknown bonus '{name}' (known: {', '.join(sorted(book.bonuses))})"
                )
            _check_bonus_fits(bonus, found, book)
            uses = bonus.uses if bonus_uses is None else bonus_uses.get(name, bonus.uses)
            rules = apply_modifier(rules, bonus.effect, bonus.value, uses)
    return rules


def _expert(
    book: MissionBook, mission: Mission | None, tokens: int, bystanders: int
) -> tuple[int, int]:
    """The mission's numbers in its edition's expert variant; refused where no
    rulebook of ours has one, or with no mission named."""
    with_variant = [e for e in book.editions.values() if e.expert_removes]
    owners = " or ".join(f"the {e.name}'s" for e in with_variant) or "no edition's"
    if mission is None:
        raise SetupError(
            f"the expert variant takes tokens out of a mission: choose one of {owners} "
            "missions by name with --mission"
        )
    edition = book.editions.get(mission.edition)
    if edition is None or not edition.expert_removes:
        name = edition.name if edition else mission.edition
        raise SetupError(
            f"the {name} rulebook has no expert variant ({owners} has one); "
            f"{mission.name} is played as it is"
        )
    t, m = expert_numbers(tokens, bystanders, edition.expert_removes)
    if t < 1:
        raise SetupError(f"{mission.name} in the expert variant would have no token left")
    return t, m if m is not None else 0


def _check_box(book: MissionBook, edition_id: str, tokens: int) -> None:
    edition = book.editions[edition_id]
    held = edition.box_tokens
    if held is None or tokens <= held:
        return
    bigger = [e for e in book.editions.values() if e.box_tokens and e.box_tokens >= tokens]
    hint = (
        f"; the {bigger[0].name} box holds {bigger[0].box_tokens}: play it as --mission "
        f"{tokens}-{tokens}"
        if bigger
        else ""
    )
    raise SetupError(f"the {edition.name} box holds {held} timer tokens, not {tokens}{hint}")


def _check_bonus_fits(bonus: Bonus, mission: Mission | None, book: MissionBook) -> None:
    """A box's reward fits any named mission of its edition; a location's bonus the
    missions of its location. A game without a named mission takes none."""
    if bonus.location is not None:
        if mission is None or mission.location != bonus.location:
            hub = book.missions[bonus.location]
            raise SetupError(f"bonus {bonus.id} is for missions in {hub.name}; choose one there")
        return
    edition = book.editions.get(bonus.edition)
    owner = edition.name if edition else bonus.edition
    if mission is None:  # a plain game, or numbers (T-M) that name no mission
        raise SetupError(
            f"bonus {bonus.id} is for a mission of the {owner}: choose one by name "
            "with --mission (a game without a named mission takes no bonus)"
        )
    if mission.edition != bonus.edition:
        raise SetupError(f"bonus {bonus.id} belongs to the {owner}, not to {mission.name}")


