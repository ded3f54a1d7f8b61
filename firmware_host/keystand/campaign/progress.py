"""Where a team stands on its map: pure functions of the map data and its games.

Nothing here is stored: completions, unlocked missions and bonuses held are all
worked out from the team's recorded games (``store.py``) and the mission book,
so a user's map file that adds a line opens its mission at once, and there is no
second copy of any fact to fall out of step after a power cut.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..rules.actions import Action, Clue
from ..rules.errors import SetupError
from ..rules.game import GameState
from ..rules.missions import Bonus, Mission, MissionBook, make_rules
from ..rules.setup import ACTION_EFFECTS, Rules
from ..rules.status import Outcome

COMPLETED, AVAILABLE, NEEDS_NUMBER, LOCKED = "completed", "available", "needs_number", "locked"


class CampaignError(SetupError):
    """A campaign request the map or the team's record does not allow."""


@dataclass(frozen=True, slots=True)
class ClueRecord:
    """One clue of a recorded game, as far as it was recorded."""

    giver: str
    number: int | None  # None: said aloud, not recorded
    word: str | None = None
    second_number: int | None = None
    second_word: str | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game of a team."""

    game_id: str  # the caller's id: unique per team, so a game is recorded once
    mission: str
    outcome: str  # "won" | "lost"
    score: int | None
    date: str  # YYYY-MM-DD
    reason: str | None = None
    clues: tuple[ClueRecord, ...] = ()
    bonuses: Mapping[str, int] = field(default_factory=dict)  # bonus id -> uses spent


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """A team and every game it finished, oldest first."""

    name: str
    edition: str
    created: str
    games: tuple[GameRecord, ...] = ()
    notes: str = ""
    expert: bool = False  # plays its edition's expert variant (fewer tokens a mission)


@dataclass(frozen=True, slots=True)
class Completion:
    """A completed mission: the first win's date and score, and the games it took."""

    date: str
    score: int | None
    tries: int


@dataclass(frozen=True, slots=True)
class Progress:
    """The team's map now. Every mission of the edition is in exactly one of
    ``completed``, ``available``, ``needs_number`` (open, but a number is not
    known) and ``locked``; ``bonuses`` maps each bonus held to its uses left."""

    edition: str
    completed: Mapping[str, Completion]
    available: tuple[str, ...]
    needs_number: tuple[str, ...]
    locked: tuple[str, ...]
    bonuses: Mapping[str, int]

    def status(self, mission_id: str) -> str:
        if mission_id in self.completed:
            return COMPLETED
        if mission_id in self.available:
            return AVAILABLE
        if mission_id in self.needs_number:
            return NEEDS_NUMBER
        return LOCKED


def completions(games: Iterable[GameRecord]) -> dict[str, Completion]:
    """Each mission won at least once, with its first win and the tries it took."""
    tries: dict[str, int] = {}
    done: dict[str, Completion] = {}
    for game in games:
        if game.mission in done:
            continue
        tries[game.mission] = tries.get(game.mission, 0) + 1
        if game.outcome == Outcome.WON:
            done[game.mission] = Completion(game.date, game.score, tries[game.mission])
    return done


def progress(book: MissionBook, record: TeamRecord) -> Progress:
    missions = book.in_edition(record.edition)
    done = completions(record.games)
    available, needs, locked = [], [], []
    for m in missions:
        if m.id in done:
            continue
        if not _open(m, missions, done):
            locked.append(m.id)
        elif m.playable:
            available.append(m.id)
        else:
            needs.append(m.id)
    spent: dict[str, int] = {}
    for game in record.games:
        for bonus_id, uses in game.bonuses.items():
            spent[bonus_id] = spent.get(bonus_id, 0) + uses
    bonuses = {}
    for bonus in book.bonuses_of(record.edition):
        left = bonus.uses - spent.get(bonus.id, 0)
        if left > 0 and _earned(bonus, done):
            bonuses[bonus.id] = left
    return Progress(
        record.edition,
        {m.id: done[m.id] for m in missions if m.id in done},
        tuple(available),
        tuple(needs),
        tuple(locked),
        bonuses,
    )


def _open(m: Mission, missions: Sequence[Mission], done: Mapping[str, Completion]) -> bool:
    """Open: the standard game; a final mission once every other is complete (lines
    to it do not open it sooner); any other mission once a line leads from a win,
    or once every mission of its ``open_after`` is complete."""
    if m.final:
        return all(o.id in done for o in missions if not o.final)
    if m.open_after and all(o in done for o in m.open_after):
        return True
    return m.start or any(m.id in other.unlocks for other in missions if other.id in done)


def _earned(bonus: Bonus, done: Mapping[str, Completion]) -> bool:
    """A box's reward once all its missions are complete; a location's bonus once
    its hub mission is (the team has reached the location)."""
    if bonus.location is not None:
        return bonus.location in done
    return all(m in done for m in bonus.earned_by)


def why_not(book: MissionBook, record: TeamRecord, mission: Mission) -> str | None:
    """Why the team cannot play ``mission`` now, in one sentence; None when it can."""
    if mission.edition != record.edition:
        return f"{mission.name} is not on a {_edition_name(book, record.edition)} map"
    state = progress(book, record)
    status = state.status(mission.id)
    if status in (COMPLETED, AVAILABLE):
        return None
    if status == NEEDS_NUMBER:
        missing = " and ".join(
            {"tokens": "tokens", "bystanders": "acceptable mistakes"}[n] for n in mission.missing
        )
        return (
            f"{mission.name} is open but needs its number of {missing}, which our "
            "sources do not give: add it in your map file (docs/rules.md)"
        )
    return f"{mission.name} is locked: {unlocked_by(book, record, mission)}"


def unlocked_by(book: MissionBook, record: TeamRecord, mission: Mission) -> str:
    """What opens a locked mission, said for a player."""
    missions = book.in_edition(record.edition)
    if mission.final:
        left = [o for o in missions if not o.final and o.id not in completions(record.games)]
        names = ", ".join(o.name for o in left[:3]) + (", ..." if len(left) > 3 else "")
        return f"it opens once every other mission is complete ({len(left)} left: {names})"
    before = [o.name for o in missions if mission.id in o.unlocks]
    after = [book.missions[o].name for o in mission.open_after]
    if after:
        every = "win " + _and(after)
        if before:
            return f"win {' or '.join(before)}, or {every[4:]} all, to unlock it"
        return f"{every} to open it (our rulebooks name it but draw no line to it)"
    if not before:
        return "no line on our map leads to it; draw one in your map file (docs/rules.md)"
    return "win " + " or ".join(before) + " to unlock it"


def _and(names: Sequence[str]) -> str:
    """``Berlin, Cairo and Moscow``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _edition_name(book: MissionBook, edition: str) -> str:
    found = book.editions.get(edition)
    return found.name if found else edition


def campaign_rules(
    book: MissionBook,
    record: TeamRecord,
    mission_spec: str | None,
    bonuses: Sequence[str] = (),
    *,
    ruleset: str = "duet",
    turn_order: str = "strict",
) -> Rules:
    """The rules of the team's next game: ``mission_spec`` (id or name; default the
    edition's standard game) must be open to the team, and every bonus one it holds.
    Raises :class:`CampaignError` saying what is wrong and what would allow it."""
    if mission_spec is None:
        mission = book.standard(record.edition)
    else:
        found = book.find(mission_spec, record.edition)
        if found is None:
            other = book.find(mission_spec)
            if other is not None:
                raise CampaignError(f"{other.name} is not on the team's map ({record.edition})")
            raise CampaignError(
                f"unknown mission '{mission_spec}' on the {_edition_name(book, record.edition)} "
                "map (a campaign plays missions by name, not T-M)"
            )
        mission = found
    reason = why_not(book, record, mission)
    if reason:
        raise CampaignError(reason)
    held = progress(book, record).bonuses
    if len(set(bonuses)) != len(bonuses):
        raise CampaignError("a bonus is chosen at most once per game")
    for bonus_id in bonuses:
        bonus = book.bonuses.get(bonus_id)
        if bonus is None or bonus.edition != record.edition:
            raise CampaignError(f"unknown bonus '{bonus_id}' on the team's map")
        if bonus_id not in held:
            raise CampaignError(
                f"team {record.name} does not hold {bonus.name}: {_earn(book, bonus)}"
            )
    return make_rules(
        ruleset=ruleset,
        mission=mission.id,
        bonuses=list(bonuses),
        bonus_uses={b: held[b] for b in bonuses},
        turn_order=turn_order,
        book=book,
        expert=record.expert,
    )


def removes(book: MissionBook, record: TeamRecord) -> int:
    """Tokens the team takes out of each mission: its edition's expert variant, if
    the team plays it."""
    edition = book.editions.get(record.edition)
    return edition.expert_removes if record.expert and edition else 0


def team_label(book: MissionBook, record: TeamRecord, mission: Mission) -> str:
    """A mission's ``T-M`` as this team plays it."""
    return mission.label_for(removes(book, record))


def _earn(book: MissionBook, bonus: Bonus) -> str:
    if bonus.location is not None:
        hub = book.missions[bonus.location].name
        return f"it comes with winning {hub}, and all its uses may be spent already"
    names = ", ".join(book.missions[m].name for m in bonus.earned_by)
    return f"complete {names} to earn it, once"


def bonus_spending(book: MissionBook, chosen: Sequence[str], state: GameState) -> dict[str, int]:
    """The uses of each chosen bonus a finished game spent: a setup bonus its one use,
    an action bonus the uses the game made of its action."""
    spent: dict[str, int] = {}
    used = {effect: state.bonus_used(effect) for effect in ACTION_EFFECTS}
    for bonus_id in chosen:
        bonus = book.bonuses[bonus_id]
        if bonus.effect in ACTION_EFFECTS:
            take = min(used[bonus.effect], bonus.uses)
            used[bonus.effect] -= take
            if take:
                spent[bonus_id] = take
        else:
            spent[bonus_id] = 1
    return spent


def clue_log(actions: Iterable[Action]) -> tuple[ClueRecord, ...]:
    """The clues of a game's actions, in order."""
    return tuple(
        ClueRecord(a.seat, a.number, a.word, a.second_number, a.second_word)
        for a in actions
        if isinstance(a, Clue)
    )
