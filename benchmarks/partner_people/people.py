"""The partner measured with people: deal boards, write blind players' prompts, score.

A run has two stages, each a folder of prompts that blind players answer
(README.md says how):

  deal RUN      boards for RUN (tuning or held-out seeds, a fresh block each time)
                and the person givers' prompts: runs/RUN-givers/prompts/
  guessers RUN  after the givers answered: the partner's clues on the same boards
                and the person guessers' prompts, each guessing the partner's clue
                on some boards and a person's on others, never one board twice:
                runs/RUN-guessers/prompts/
  score RUN     the figures: runs/RUN/report.md, per language and direction
                (partner -> person, person -> partner, person -> person), opening
                and later turns
  fit RUNS      the giver's person model (giver.SLOPE, MIDPOINT, UNLINKED) fitted
                to runs' guessers (tuning runs, and held-out runs already scored)

Run: python benchmarks/partner_people/people.py deal t1 --range tuning --boards 12
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import briefs  # noqa: E402
import tables  # noqa: E402

from keystand.partner import Knowledge, Partner, PartnerError  # noqa: E402
from keystand.rules.clues import clue_clash  # noqa: E402
from keystand.rules.game import MARK_BIT  # noqa: E402

RUNS = HERE / "runs"
LANGS = ("en", "fi", "ja")
PER_SESSION = 10  # boards a blind player answers in one session
DIRECTIONS = ("partner->person", "person->partner", "person->person")


# ------------------------------------------------------------------ dealing


def _used_seeds() -> set[int]:
    used: set[int] = set()
    for manifest in RUNS.glob("*/manifest.json"):
        for board in json.loads(manifest.read_text("utf-8"))["boards"]:
            used.add(board["seed"])
    return used


def _fresh_seeds(span: range, count: int) -> list[int]:
    """The next ``count`` seeds of ``span`` no earlier run dealt (a fresh block)."""
    used = _used_seeds()
    start = max((s + 1 for s in used if s in span), default=span.start)
    if start + count > span.stop:
        raise SystemExit(f"the seed range {span} is used up")
    return list(range(start, start + count))


def view(table: tables.Table) -> dict[str, Any]:
    """What the table shows (the words, covers, tokens) and A's side of the key."""
    st = table.state
    covered = [st.out_of_play(c) for c in range(25)]
    return {
        "words": list(st.words),
        "side": st.layout.side("A"),
        "covered": covered,
        "found": st.agents_found,
        "giver_marks": [c for c in range(25) if not covered[c] and st.marks[c] & MARK_BIT["A"]],
        "guesser_marks": [c for c in range(25) if not covered[c] and st.marks[c] & MARK_BIT["B"]],
        "tokens": st.tokens_left,
    }


def _sessions(items: list[Any], key: Any, rng: random.Random) -> list[list[Any]]:
    """``items`` into sessions of at most PER_SESSION, no two with one ``key``."""
    items = list(items)
    rng.shuffle(items)
    count = -(-len(items) // PER_SESSION)
    out: list[list[Any]] = [[] for _ in range(count)]
    for item in items:
        for s in sorted(range(count), key=lambda s: len(out[s])):
            if len(out[s]) < PER_SESSION and all(key(o) != key(item) for o in out[s]):
                out[s].append(item)
                break
        else:
            out.append([item])
    return out


def _stage(name: str) -> Path:
    folder = RUNS / name / "prompts"
    if folder.exists():
        raise SystemExit(f"{folder} exists: a stage is written once")
    folder.mkdir(parents=True)
    return folder


def deal_run(run: str, span: str, boards: int, langs: list[str]) -> None:
    folder = RUNS / run
    if (folder / "manifest.json").exists():
        raise SystemExit(f"run '{run}' exists: deal a new one")
    seeds_range = tables.TUNING if span == "tuning" else tables.HELD_OUT
    seeds = iter(_fresh_seeds(seeds_range, boards * len(tables.PHASES) * len(langs)))
    manifest: dict[str, Any] = {"run": run, "range": span, "boards": []}
    for lang in langs:
        for phase in tables.PHASES:
            for n in range(boards):
                seed = next(seeds)
                manifest["boards"].append(
                    {"id": f"{lang}-{phase[0]}{n + 1:02d}", "lang": lang, "seed": seed,
                     "phase": phase}
                )
    folder.mkdir(parents=True, exist_ok=True)
    prompts = _stage(f"{run}-givers")
    rng = random.Random(f"{run}/givers")
    sessions: dict[str, list[str]] = {}
    for lang in langs:
        mine = [b for b in manifest["boards"] if b["lang"] == lang]
        for k, group in enumerate(_sessions(mine, lambda b: b["id"], rng), 1):
            name = f"{lang}-giver-{k:02d}"
            views = [
                briefs.giver_view(lang, n, view(tables.table(lang, b["seed"], b["phase"])))
                for n, b in enumerate(group, 1)
            ]
            (prompts / f"{name}.txt").write_text(briefs.prompt(lang, "giver", views), "utf-8")
            sessions[name] = [b["id"] for b in group]
    manifest["giver_sessions"] = sessions
    _write(folder / "manifest.json", manifest)
    print(f"{len(manifest['boards'])} boards, {len(sessions)} giver prompts in {prompts}")


# ------------------------------------------------------------------ answers


def answer_json(text: str) -> list[dict[str, Any]]:
    """The last JSON list in a player's reply (in a ```json block or bare)."""
    blocks = re.findall(r"```(?:json)?\s*(\[.*?\])\s*```", text, flags=re.S)
    candidates = blocks or re.findall(r"(\[\s*\{.*\}\s*\])", text, flags=re.S)
    for blob in reversed(candidates):
        try:
            got = json.loads(blob)
        except json.JSONDecodeError:
            continue
        if isinstance(got, list):
            return [e for e in got if isinstance(e, dict)]
    raise ValueError("no JSON list in the answer")


def fold(text: str) -> str:
    return unicodedata.normalize("NFKC", str(text)).casefold().strip()


def cell_of(words: list[str], word: str) -> int | None:
    target = fold(word)
    for c, w in enumerate(words):
        if fold(w) == target:
            return c
    return None


def _answers(stage: str) -> dict[str, list[dict[str, Any]]]:
    out = {}
    for path in sorted((RUNS / stage / "answers").glob("*.txt")):
        try:
            out[path.stem] = answer_json(path.read_text("utf-8"))
        except ValueError as exc:
            print(f"{stage}/{path.name}: {exc}", file=sys.stderr)
    return out


def _guessed(run: str, manifest: dict[str, Any], problems: list[str]) -> Any:
    """Each guesser's answer of a run: (session, entry, board id, clue source)."""
    for name, entries in _answers(f"{run}-guessers").items():
        items = manifest["guesser_sessions"][name]
        for e in entries:
            try:
                bid, source = items[int(e["board"]) - 1]
            except (KeyError, ValueError, IndexError, TypeError):
                problems.append(f"{name}: unreadable entry {e!r}")
                continue
            yield name, e, bid, source


@dataclass
class Clue:
    board: str
    source: str  # "partner" or "person"
    word: str
    number: int
    meant: list[str]


def person_clues(run: str, manifest: dict[str, Any]) -> tuple[dict[str, Clue], list[str]]:
    """The person givers' clues by board, and the ones set aside (and why)."""
    byid = {b["id"]: b for b in manifest["boards"]}
    got: dict[str, Clue] = {}
    dropped: list[str] = []
    for name, entries in _answers(f"{run}-givers").items():
        ids = manifest["giver_sessions"][name]
        for e in entries:
            try:
                bid = ids[int(e["board"]) - 1]
                word, number = str(e["clue"]).strip(), int(e["number"])
            except (KeyError, ValueError, IndexError, TypeError):
                dropped.append(f"{name}: unreadable entry {e!r}")
                continue
            b = byid[bid]
            t = tables.table(b["lang"], b["seed"], b["phase"])
            visible = [c for c in range(25) if not t.state.out_of_play(c)]
            if not word or " " in word or not 1 <= number <= 9:
                dropped.append(f"{bid}: '{word} {number}' is not one word and a number 1-9")
                continue
            broken = rulebook_clash(b["lang"], word, t.words, visible)
            if broken is not None:
                dropped.append(f"{bid}: '{word}' {broken}")
                continue
            got[bid] = Clue(bid, "person", word, number, [str(m) for m in e.get("meant", [])])
    return got, dropped


def _kanji(text: str) -> set[str]:
    return {ch for ch in text if "\u4e00" <= ch <= "\u9fff" or ch == "\u3005"}


def rulebook_clash(lang: str, word: str, words: Sequence[str], visible: list[int]) -> str | None:
    """Why a person's clue breaks the rulebook beside the visible words, or None.

    Only the certain cases, decided without the partner's tables: the clue is a
    visible word or one of its words (the rules engine's ``clue_clash``), it holds
    a visible word whole (a plural, a compound: *boats*, *rawhide*, 雪だるま beside
    だるま), or, in Japanese, it shares a kanji with a visible word: the Japanese
    rulebook forbids a word holding a kanji of a visible word, whatever its reading
    (the giver's brief says so). Whether a clue is a part of a visible compound
    (*earth* beside EARTHQUAKE, but not *ear*) is a player's judgement, so such
    clues are scored, and a refusal of them counts against the partner."""
    clash = clue_clash(word, words, visible)
    if clash is not None:
        return f"repeats the visible {words[clash]}"
    said = fold(word)
    for c in visible:
        card = fold(words[c])
        if len(card) >= 2 and card in said:
            return f"holds the visible {words[c]}"
        if lang == "ja" and _kanji(said) & _kanji(card):
            return f"shares a kanji with the visible {words[c]} (the Japanese rulebook)"
    return None


def partner_clue(partner: Partner, t: tables.Table) -> Clue | None:
    board = partner.board(t.words)
    choice = partner.giver.clue(board, Knowledge.of(t.state, "A"), seed=0)
    if choice is None:
        return None
    return Clue("", "partner", choice.word, choice.number, [t.words[c] for c in choice.targets])


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def guessers_run(run: str, answered_only: bool = False) -> None:
    """The guessers' stage. ``answered_only``: only the boards a person giver has
    answered (a smaller round, when the givers' stage is answered in part)."""
    folder = RUNS / run
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    people, dropped = person_clues(run, manifest)
    partners: dict[str, Partner] = {}
    clues: list[Clue] = []
    for b in manifest["boards"]:
        if answered_only and b["id"] not in people:
            continue
        lang = b["lang"]
        partner = partners.setdefault(lang, Partner.load(lang))
        t = tables.table(lang, b["seed"], b["phase"])
        ours = partner_clue(partner, t)
        if ours is not None:
            ours.board = b["id"]
            clues.append(ours)
        if b["id"] in people:
            clues.append(people[b["id"]])
    manifest["partner_commit"] = _commit()
    manifest["partner_clues"] = {c.board: [c.word, c.number, c.meant] for c in clues
                                 if c.source == "partner"}
    manifest["person_clues"] = {c.board: [c.word, c.number, c.meant] for c in clues
                                if c.source == "person"}
    manifest["person_clues_dropped"] = dropped
    prompts = _stage(f"{run}-guessers")
    rng = random.Random(f"{run}/guessers")
    byid = {b["id"]: b for b in manifest["boards"]}
    sessions: dict[str, list[list[str]]] = {}
    for lang in sorted({b["lang"] for b in manifest["boards"]}):
        mine = [c for c in clues if byid[c.board]["lang"] == lang]
        for k, group in enumerate(_sessions(mine, lambda c: c.board, rng), 1):
            name = f"{lang}-guesser-{k:02d}"
            views = []
            for n, c in enumerate(group, 1):
                b = byid[c.board]
                v = view(tables.table(lang, b["seed"], b["phase"]))
                views.append(briefs.guesser_view(lang, n, v, c.word, c.number))
            (prompts / f"{name}.txt").write_text(briefs.prompt(lang, "guesser", views), "utf-8")
            sessions[name] = [[c.board, c.source] for c in group]
    manifest["guesser_sessions"] = sessions
    _write(folder / "manifest.json", manifest)
    print(f"{len(clues)} clues ({len(people)} from people), {len(sessions)} guesser prompts "
          f"in {prompts}; set aside: {len(dropped)}")
    for line in dropped:
        print("  " + line)


# ------------------------------------------------------------------ scoring


@dataclass
class Outcome:
    """One clue guessed: agents found, how the turn ended, refused or not."""

    number: int
    agents: int = 0
    end: str = "stop"  # stop, bystander, assassin, refused
    why: str = ""
    touched: tuple[int, ...] = ()

    @property
    def full(self) -> bool:
        return self.end != "refused" and self.agents >= self.number


def play(t: tables.Table, cells: list[int], number: int) -> Outcome:
    """Touch ``cells`` in order on A's clue, as the rules do: an agent goes on, a
    bystander ends the turn, the assassin ends the game."""
    side = t.state.layout.side("A")
    out = Outcome(number, touched=tuple(cells[:number]))
    for c in cells[:number]:
        role = side[c]
        if role == "G":
            out.agents += 1
            continue
        out.end = "bystander" if role == "T" else "assassin"
        break
    return out


def partner_guess(partner: Partner, t: tables.Table, word: str, number: int) -> Outcome:
    board = partner.board(t.words)
    visible = [c for c in range(25) if not t.state.out_of_play(c)]
    try:
        partner.check_clue(board, word, visible)
    except PartnerError as exc:
        return Outcome(number, end="refused", why=f"{exc.reason}: {exc}")
    cells = partner.guesser.touches(board, Knowledge.of(t.state, "B"), word, number)
    return play(t, cells, number)


def person_guess(t: tables.Table, entry: dict[str, Any], number: int, problems: list[str],
                 where: str) -> Outcome:
    cells = []
    for w in entry.get("touch", []):
        c = cell_of(list(t.words), w)
        st = t.state
        if c is None or st.out_of_play(c) or st.marks[c] & MARK_BIT["B"]:
            problems.append(f"{where}: '{w}' is not a card the guesser may touch; skipped")
            continue
        cells.append(c)
    if not cells:
        problems.append(f"{where}: no card touched")
        return Outcome(number, end="stop", why="no card")
    out = play(t, cells, number)
    if entry.get("unknown"):
        out.why = "unknown to the person"
    return out


def summary(outs: list[Outcome]) -> dict[str, Any]:
    n = len(outs)
    if not n:
        return {"clues": 0}
    played = [o for o in outs if o.end != "refused"]
    return {
        "clues": n,
        "number": sum(o.number for o in outs) / n,
        "agents": sum(o.agents for o in outs) / n,
        "full": sum(o.full for o in outs),
        "bystander": sum(o.end == "bystander" for o in outs) / n,
        "assassin": sum(o.end == "assassin" for o in outs),
        "refused": sum(o.end == "refused" for o in outs),
        "agents_understood": sum(o.agents for o in played) / len(played) if played else 0.0,
        "unknown_to_person": sum(o.why == "unknown to the person" for o in outs),
    }


def score_run(run: str) -> str:
    folder = RUNS / run
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    byid = {b["id"]: b for b in manifest["boards"]}
    partners: dict[str, Partner] = {}
    problems: list[str] = []
    rows: dict[tuple[str, str, str], list[Outcome]] = {}
    detail: list[str] = []

    def add(lang: str, direction: str, phase: str, o: Outcome) -> None:
        rows.setdefault((lang, direction, phase), []).append(o)

    # person -> partner: the person givers' clues, guessed by the partner now
    for bid, (word, number, meant) in sorted(manifest.get("person_clues", {}).items()):
        b = byid[bid]
        lang = b["lang"]
        partner = partners.setdefault(lang, Partner.load(lang))
        t = tables.table(lang, b["seed"], b["phase"])
        o = partner_guess(partner, t, word, number)
        add(lang, "person->partner", b["phase"], o)
        detail.append(f"{bid} person {word} {number} (meant {', '.join(meant)}) -> partner: "
                      f"{', '.join(t.words[c] for c in o.touched) or o.why} "
                      f"[{o.agents} agents, {o.end}]")
    # the guessers' answers: partner -> person and person -> person
    for name, e, bid, source in _guessed(run, manifest, problems):
        b = byid[bid]
        t = tables.table(b["lang"], b["seed"], b["phase"])
        clue = manifest[f"{source}_clues"][bid]
        o = person_guess(t, e, clue[1], problems, f"{name} board {e['board']}")
        direction = "partner->person" if source == "partner" else "person->person"
        add(b["lang"], direction, b["phase"], o)
        detail.append(f"{bid} {source} {clue[0]} {clue[1]} (meant {', '.join(clue[2])}) -> "
                      f"person: {', '.join(map(str, e.get('touch', [])))} "
                      f"[{o.agents} agents, {o.end}{', ' + o.why if o.why else ''}]")
    figures: dict[str, Any] = {}
    lines = [
        f"# People benchmark, run {run} ({manifest['range']} seeds; partner at "
        f"{manifest.get('partner_commit', '?')})",
        "",
        "| lang | direction | turns | clues | mean number | agents / clue | found in full "
        "| bystander / clue | assassin | refused | agents / understood clue |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for lang in LANGS:
        for direction in DIRECTIONS:
            for phase in (*tables.PHASES, "all"):
                outs = [o for (la, d, p), os_ in rows.items() if la == lang and d == direction
                        and (phase == "all" or p == phase) for o in os_]
                if not outs:
                    continue
                s = summary(outs)
                figures[f"{lang} {direction} {phase}"] = s
                n = s["clues"]
                lines.append(
                    f"| {lang} | {direction} | {phase} | {n} | {s['number']:.2f} "
                    f"| {s['agents']:.2f} | {s['full']} ({100 * s['full'] / n:.0f} %) "
                    f"| {s['bystander']:.2f} | {s['assassin']} ({100 * s['assassin'] / n:.1f} %) "
                    f"| {s['refused']} ({100 * s['refused'] / n:.1f} %) "
                    f"| {s['agents_understood']:.2f} |"
                )
    lines += ["", "## Every clue", "", *(f"- {d}" for d in sorted(detail))]
    if problems:
        lines += ["", "## Answers set aside or read in part", "", *(f"- {p}" for p in problems)]
    dropped = manifest.get("person_clues_dropped", [])
    if dropped:
        lines += ["", "## Person clues set aside", "", *(f"- {d}" for d in dropped)]
    text = "\n".join(lines) + "\n"
    (folder / "report.md").write_text(text, "utf-8")
    _write(folder / "figures.json", figures)
    return text


def tunable(folder: Path, manifest: dict[str, Any]) -> bool:
    """Whether a run's answers may be tuned on: a tuning run, or a held-out run
    already scored (its figures.json written) and so reported; never a held-out run
    a report is still to come from (README, "Seeds")."""
    return manifest.get("range") == "tuning" or (folder / "figures.json").exists()


def fit_run(runs: str) -> str:
    """The giver's person model fitted to runs' people (``runs``: names joined by
    commas): for every target of every partner clue, its lead over the best other
    card (standardised units, by the partner checked out now), whether a native
    speaker's list links it to the clue, and whether the person found it; the chance
    a person finds a target, sigmoid(slope * (lead - midpoint - unlinked)), with
    ``unlinked`` 0 for a linked target, by maximum likelihood over a grid. Fit on
    tuning runs and on held-out runs already scored and reported, never on a run a
    report is still to come from (README: never tune on the boards you report)."""
    import math

    points: list[tuple[float, bool, bool]] = []  # lead, linked, found
    partners: dict[str, Partner] = {}
    for run in runs.split(","):
        folder = RUNS / run
        manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
        if not tunable(folder, manifest):
            raise SystemExit(f"run '{run}' is held out and not scored: it is not fitted on")
        byid = {b["id"]: b for b in manifest["boards"]}
        for _name, e, bid, source in _guessed(run, manifest, []):
            if source != "partner":
                continue
            b = byid[bid]
            partner = partners.setdefault(b["lang"], Partner.load(b["lang"]))
            t = tables.table(b["lang"], b["seed"], b["phase"])
            word, _number, meant = manifest["partner_clues"][bid]
            board = partner.board(t.words)
            know = Knowledge.of(t.state, "A")
            j = partner.clue_index(word)
            targets = [cell_of(list(t.words), m) for m in meant]
            others = [c for c in range(25) if know.partner_can_guess(c) and c not in targets]
            best_other = max(board.score(c, j) for c in others)
            touched = []
            side = t.state.layout.side("A")
            for w in e.get("touch", []):
                c = cell_of(list(t.words), w)
                if c is None:
                    continue
                touched.append(c)
                if side[c] != "G":
                    break
            for c in targets:
                if c is not None:
                    named = board.named(c, j)
                    points.append((board.score(c, j) - best_other, named, c in touched))
    if not points:
        raise SystemExit(f"{runs}: no partner clue answered yet")

    def loglik(slope: float, mid: float, unlinked: float) -> float:
        out = 0.0
        for lead, linked, found in points:
            z = slope * (lead - mid - (0.0 if linked else unlinked))
            p = min(max(1 / (1 + math.exp(-max(min(z, 50.0), -50.0))), 1e-6), 1 - 1e-6)
            out += math.log(p if found else 1 - p)
        return out

    grid = [(sl / 10, m / 10, u / 2) for sl in range(2, 21, 2) for m in range(-60, 21, 2)
            for u in range(0, 13)]
    slope, mid, unlinked = max(grid, key=lambda g: loglik(*g))
    found = sum(f for *_x, f in points)
    linked = sum(ln for _l, ln, _f in points)
    from keystand.partner import giver

    now = loglik(giver.SLOPE, giver.MIDPOINT, giver.UNLINKED)
    return (f"{len(points)} targets ({linked} linked), {found} found; person model: slope "
            f"{slope}, midpoint {mid}, unlinked {unlinked} "
            f"(log-likelihood {loglik(slope, mid, unlinked):.1f}; the giver's now {now:.1f})")


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="action", required=True)
    d = sub.add_parser("deal", help="boards and the person givers' prompts")
    d.add_argument("run")
    d.add_argument("--range", dest="span", choices=("tuning", "held-out"), required=True)
    d.add_argument("--boards", type=int, default=25, help="boards per language and phase")
    d.add_argument("--lang", action="append", choices=LANGS)
    g = sub.add_parser("guessers", help="the partner's clues and the guessers' prompts")
    g.add_argument("run")
    g.add_argument("--answered-only", action="store_true",
                   help="only the boards a person giver has answered")
    s = sub.add_parser("score", help="the figures of a run")
    s.add_argument("run")
    f = sub.add_parser("fit", help="the giver's person model fitted to runs' people")
    f.add_argument("run", help="runs joined by commas (tuning, or held-out runs scored)")
    args = ap.parse_args()
    if args.action == "deal":
        if not 1 <= args.boards <= 200:
            raise SystemExit("--boards is 1 to 200")
        deal_run(args.run, args.span, args.boards, args.lang or list(LANGS))
    elif args.action == "guessers":
        guessers_run(args.run, args.answered_only)
    elif args.action == "fit":
        print(fit_run(args.run))
    else:
        print(score_run(args.run), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
