"""A team's campaign as JSON and as text: what ``keystand campaign show`` prints."""

from __future__ import annotations

from ..rules.missions import Bonus, Mission, MissionBook, printed
from ..rules.status import Outcome
from .progress import LOCKED, ClueRecord, TeamRecord, progress, removes, unlocked_by

# What a * after a number means, under the text (the translated one: names.MARK_NOTE).
TEXT_NOTE = "* a number our rulebooks do not print (docs/rules.md, 'Sources disagree')"


def summary(book: MissionBook, record: TeamRecord) -> dict:
    """The team as ``keystand campaign show --json`` prints it."""
    state = progress(book, record)
    per_mission: dict[str, dict] = {}
    for game in record.games:
        entry = per_mission.setdefault(game.mission, {"games": 0, "wins": 0, "scores": []})
        entry["games"] += 1
        if game.outcome == Outcome.WON:
            entry["wins"] += 1
            if game.score is not None:
                entry["scores"].append(game.score)
    for entry in per_mission.values():
        entry["best"] = max(entry["scores"], default=None)
    scores = [s for e in per_mission.values() for s in e["scores"]]
    missions = {}
    removed = removes(book, record)
    for m in book.in_edition(record.edition):
        status = state.status(m.id)
        played = dict(zip(("tokens", "bystanders"), m.numbers(removed), strict=True))
        info: dict = {
            "name": m.name,
            "numbers": m.label_for(removed),
            "status": status,
            "source": m.source,
            "tokens": _number_info(m, "tokens", played["tokens"]),
            "bystanders": _number_info(m, "bystanders", played["bystanders"]),
            "marked": m.marked,
        }
        if status == LOCKED:
            info["unlocked_by"] = unlocked_by(book, record, m)
        missions[m.id] = info
    edition = book.editions.get(record.edition)
    expert = (
        {"removes": removed, "source": edition.expert_source} if removed and edition else None
    )
    return {
        "team": record.name,
        "edition": record.edition,
        "expert": expert,
        "created": record.created,
        "notes": record.notes,
        "completed": {
            k: {"score": c.score, "date": c.date, "tries": c.tries}
            for k, c in state.completed.items()
        },
        "available": list(state.available),
        "needs_number": list(state.needs_number),
        "locked": list(state.locked),
        "bonuses": list(state.bonuses),
        "bonus_uses": dict(state.bonuses),
        "bonus_numbers": {b.id: _bonus_numbers(b) for b in book.bonuses_of(record.edition)},
        "missions": missions,
        "record": {
            "games": len(record.games),
            "wins": sum(1 for g in record.games if g.outcome == Outcome.WON),
            "best_score": max(scores, default=None),
            "missions": per_mission,
        },
        "games": [
            {
                "mission": g.mission,
                "outcome": g.outcome,
                "reason": g.reason,
                "score": g.score,
                "date": g.date,
                "bonuses": dict(g.bonuses),
                "clues": [_clue(c) for c in g.clues],
            }
            for g in record.games
        ],
    }


def _number_info(entry: Mission | Bonus, number: str, played: int | None = None) -> dict:
    """One number as the JSON shows it: its value as played (``played``, where an
    expert team's differs from the map's, which is then ``map_value``), where it
    comes from, whether our rulebooks print it, and the rulebook's reading where
    the one played differs."""
    value = getattr(entry, number)
    if value is None:
        return {"value": None, "source": None, "in_rulebooks": None}
    source = getattr(entry, f"{number}_source")
    shown = value if played is None else played
    out: dict = {"value": shown, "source": source, "in_rulebooks": printed(source)}
    if shown != value:
        out["map_value"] = value
    reads = entry.rulebook_reads(number)
    if reads is not None:
        out["rulebook_reads"] = reads
    return out


def _bonus_numbers(b: Bonus) -> dict:
    """A bonus's shown numbers (its uses, and a setup bonus's value), with sources."""
    out: dict = {"name": b.title, "source": b.source}
    for number in b.shown:
        out[number] = _number_info(b, number)
    out["marked"] = bool(b.unprinted)
    return out


def _clue(c: ClueRecord) -> dict:
    out: dict = {"giver": c.giver, "number": c.number, "word": c.word}
    if c.second_number is not None:
        out["second"] = {"number": c.second_number, "word": c.second_word}
    return out


def team_line(data: dict) -> dict:
    """One team of ``keystand campaign list``."""
    return {
        "team": data["team"],
        "edition": data["edition"],
        "completed": len(data["completed"]),
        "missions": len(data["missions"]),
        "games": data["record"]["games"],
    }


def as_text(data: dict) -> str:
    """A :func:`summary` for people: the map by status, the bonuses, the record."""
    missions = data["missions"]

    def name(mission_id: str) -> str:
        return missions.get(mission_id, {}).get("name", mission_id)

    def names(ids: list[str]) -> str:
        return (
            ", ".join(
                f"{name(i)} {missions[i]['numbers']}{_star(missions[i]['marked'])}" for i in ids
            )
            or "-"
        )

    record = data["record"]
    expert = data.get("expert")
    variant = f", expert: {expert['removes']} token fewer in each mission" if expert else ""
    lines = [f"{data['team']} ({data['edition']}{variant}, since {data['created']})"]
    if data["notes"]:
        lines.append(f"notes: {data['notes']}")
    lines.append("completed:" if data["completed"] else "completed: -")
    for mission_id, c in data["completed"].items():
        score = "-" if c["score"] is None else c["score"]
        lines.append(f"  {name(mission_id)}: {c['date']}, score {score}, tries {c['tries']}")
    lines.append(f"available: {names(data['available'])}")
    if data["needs_number"]:
        lines.append(f"open, needing a number: {names(data['needs_number'])}")
    lines.append(f"locked: {names(data['locked'])}")
    numbers = data["bonus_numbers"]
    bonuses = ", ".join(_held(b, n, numbers.get(b)) for b, n in data["bonus_uses"].items())
    lines.append(f"bonuses (uses left): {bonuses or '-'}")
    best = "-" if record["best_score"] is None else record["best_score"]
    lines.append(f"games {record['games']}, wins {record['wins']}, best score {best}")
    for mission_id, m in record["missions"].items():
        scores = " ".join(map(str, m["scores"])) or "-"
        best = "-" if m["best"] is None else m["best"]
        lines.append(
            f"  {name(mission_id)}: {m['games']} games, {m['wins']} wins, "
            f"scores {scores}, best {best}"
        )
    # Games whose clues were all said aloud (no number dialled, no word) log nothing.
    logged = [
        g for g in data["games"] if any(c["number"] is not None or c["word"] for c in g["clues"])
    ]
    if logged:
        lines.append("clue log:")
    for g in logged:
        clues = ", ".join(_clue_text(c) for c in g["clues"])
        lines.append(f"  {g['date']} {name(g['mission'])} ({g['outcome']}): {clues}")
    held_marked = any(numbers.get(b, {}).get("marked") for b in data["bonus_uses"])
    if held_marked or any(m["marked"] for m in missions.values()):
        lines.append(TEXT_NOTE)
    return "\n".join(lines)


def _star(marked: bool) -> str:
    return "*" if marked else ""


def _held(bonus_id: str, left: int, numbers: dict | None) -> str:
    """``fourteen-is-enough: 14 agents are enough* (1)``: a bonus held, its uses left,
    and a * after each number our rulebooks do not print."""
    if numbers is None:  # a bonus no longer on the map: its id alone
        return f"{bonus_id} ({left})"
    value = numbers.get("value")
    value_star = _star(value is not None and not value["in_rulebooks"])
    uses_star = _star(not numbers["uses"]["in_rulebooks"])
    return f"{bonus_id}: {numbers['name']}{value_star} ({left}{uses_star})"


def _clue_text(c: dict) -> str:
    """A clue as the device's debrief shows it: "A 2 ocean", "B ?" (said aloud, no
    number dialled), a second clue given at once after a "+" ("B 2 ship+1 star")."""
    text = f"{c['giver']} {_number(c['number'])}" + (f" {c['word']}" if c["word"] else "")
    if "second" in c:
        second = c["second"]
        text += f"+{_number(second['number'])}" + (f" {second['word']}" if second["word"] else "")
    return text


def _number(n: int | None) -> str:
    return "?" if n is None else str(n)
