"""Native-speaker association lists per board word: the writers' prompts, and their
answers merged into firmware_host/keystand/partner/lists/LANG-links.txt.

  prompts BATCH   runs the board words of each language through writers' prompts,
                  WORDS a prompt: writers/BATCH/prompts/LANG-NN.txt
  themes BATCH    clue words not put to writers before (people's words on the
                  tuning runs first), each with every card a player touches for it,
                  THEMES_PER_PROMPT a prompt: writers/BATCH/prompts/LANG-tNN.txt
  second BATCH    a second reading of words only one themes writer has judged:
                  people's words on the tuning runs first, then those the giver
                  says most often on boards of the reading seeds (neither tuning
                  nor held-out), in the same prompts as themes
  merge BATCH...  reads each batch's answers (writers/BATCH/answers/*.txt, JSON),
                  hand-written lists (writers/BATCH/LANG.links, ``card: link ...``)
                  and kinds (writers/BATCH/LANG.kinds, ``kind: card card ...``)
                  and writes partner/lists/LANG-links.txt (one line a card, strongest
                  first), keeping the links the checks let through (one word, not the
                  card word, no part of it)

Run: python benchmarks/partner_people/writers.py prompts w1
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "firmware_host"))
sys.path.insert(0, str(HERE))

from keystand.books.words import load as load_words  # noqa: E402
from keystand.partner import Knowledge  # noqa: E402
from keystand.partner import lists as partner_lists  # noqa: E402
from keystand.partner.core import Partner, PartnerError, _singulars  # noqa: E402
from keystand.partner.lists import fold  # noqa: E402

WRITERS = HERE / "writers"
LISTS = ROOT / "firmware_host" / "keystand" / "partner" / "lists"
WORDS = 60  # board words a writer takes in one session
LINKS = 15

BRIEF = {
    "en": """\
You are a careful native speaker of English, helping to write down what people think of
in a word-association party game (like Codenames): one player says a single word, the
other must point at the card it means.

For each card word below, list {links} single words that a native speaker would readily
use as a one-word clue pointing at that card, strongest first: what it is a kind of
(animal, fruit, tool), what it looks, sounds or feels like (striped, fluffy, loud),
where it is found, what it does or is used for, things that go with it, and well-known
links from stories, films, sport, holidays and everyday culture. Everyday words first;
adjectives, verbs and nouns are all fine; no names of people or brands; not the card
word itself, a form of it, a word containing it or a part of it. One word each (a
compound written as one word is fine). Then reread each list and strike any word most
players would not connect with the card at once.

End your reply with one JSON object, exactly in this shape (the card words as given):
""",
    "fi": """\
Olet huolellinen suomea äidinkielenään puhuva ihminen ja autat kirjaamaan, mitä ihmiset
ajattelevat sana-assosiaatiopelissä (kuten Codenames): yksi pelaaja sanoo yhden sanan, ja
toisen pitää osoittaa kortti, jota se tarkoittaa.

Luettele kullekin alla olevalle korttisanalle {links} yksittäistä sanaa, joita suomalainen
pelaaja käyttäisi helposti yhden sanan vihjeenä, joka osoittaa siihen korttiin, vahvin
ensin: mikä se on (eläin, hedelmä, työkalu), miltä se näyttää, kuulostaa tai tuntuu
(raidallinen, pörröinen, äänekäs), missä sitä on, mitä se tekee tai mihin sitä käytetään,
mitä siihen liittyy, ja tunnetut yhteydet tarinoista, elokuvista, urheilusta, juhlista ja
arjen kulttuurista. Arkiset sanat ensin; substantiivit, adjektiivit ja verbit käyvät,
perusmuodossa (verbit A-infinitiivissä); ei henkilöiden eikä tuotemerkkien nimiä; ei
korttisanaa itseään, sen taivutusmuotoa, sanaa joka sisältää sen eikä sen osaa. Yksi
sana kukin (yhdyssana käy). Lue lopuksi jokainen lista uudelleen ja poista sanat, joita
useimmat pelaajat eivät heti yhdistäisi korttiin.

Lopeta vastauksesi yhteen JSON-objektiin täsmälleen tässä muodossa (korttisanat niin kuin
ne on annettu):
""",
    "ja": """\
あなたは日本語を母語とする慎重な話者として、連想ワードゲーム（『コードネーム』のような
ゲーム：一人が一語を言い、もう一人がその語が指すカードを当てる）で人が何を思い浮かべるかを
書き出す手伝いをします。

下の各カードの単語について、日本人プレイヤーがそのカードを指す一語のヒントとして自然に
使う語を{links}個、強い順に挙げてください：何の仲間か（動物、果物、道具）、見た目・音・
手触り（しま模様、ふわふわ、うるさい）、どこにあるか、何をするか・何に使うか、一緒に
思い浮かぶもの、物語・映画・スポーツ・行事・日常の文化でよく知られたつながり。普段の
言葉を先に。名詞・形容詞・動詞のどれでもよく、辞書形で。人名や商品名は不可。カードの
単語そのもの、その一部、それを含む語、同じ読みの語は不可。表記は普段書くとおり（漢字・
ひらがな・カタカナ）。一語ずつ（複合語も可）。最後に各リストを見直し、多くのプレイヤーが
すぐにはそのカードと結びつけない語は消してください。

最後にJSONオブジェクトを一つ、この形のとおりに書いてください（カードの単語は与えられた
とおりに）：
""",
}


CARDS = {"en": "The card words:", "fi": "Korttisanat:", "ja": "カードの単語："}

# Themes: the other way round. A clue word several cards share (what makes a 2 or a
# 3), and every card a player would touch for it: "strong" the cards a careful
# player touches at once, "weak" those a looser sense may lead to (a careful giver
# keeps clear of them). The words are those the writers' lists name for the most
# cards (``theme_words``).
THEMES = 150  # theme words a language
THEMES_PER_PROMPT = 30
# the seeds the giver's words are read on for a second reading: neither the tuning
# range (people.py's tables.TUNING) nor the held-out one (tables.HELD_OUT)
READING = range(3_500_000, 4_000_000)
READING_BOARDS = 300
THEME_BRIEF = {
    "en": """\
You are a careful native speaker of English, helping to write down what people think of
in a word-association party game (like Codenames): one player says a single word as a
clue, and the other touches the cards it points at.

Below are some clue words, and then every card word of the game. For each clue word, go
through the whole card list and write down:
- "strong": every card a careful player would touch for this clue without hesitation,
  strongest first;
- "weak": the cards a player might still think of for it (a looser link, another sense
  of the word), which a careful clue giver would worry about.
Leave out cards with no real link. A card may be listed under many clue words. Write
the card words exactly as given. Then reread each list and move to "weak" any card most
players would not touch at once.

End your reply with one JSON object, exactly in this shape:
""",
    "fi": """\
Olet huolellinen suomea äidinkielenään puhuva ihminen ja autat kirjaamaan, mitä ihmiset
ajattelevat sana-assosiaatiopelissä (kuten Codenames): yksi pelaaja sanoo vihjeeksi
yhden sanan, ja toinen koskee kortteja, joihin se viittaa.

Alla on ensin vihjesanoja ja sitten pelin kaikki korttisanat. Käy kunkin vihjesanan
kohdalla läpi koko korttilista ja kirjoita:
- "strong": jokainen kortti, johon huolellinen pelaaja koskisi tällä vihjeellä
  epäröimättä, vahvin ensin;
- "weak": kortit, joita pelaaja voisi silti ajatella (löyhempi yhteys, sanan toinen
  merkitys) ja joita huolellinen vihjeen antaja varoisi.
Jätä pois kortit, joihin sanalla ei ole todellista yhteyttä. Sama kortti voi olla
monen vihjesanan listalla. Kirjoita korttisanat täsmälleen niin kuin ne on annettu.
Lue lopuksi listat uudelleen ja siirrä "weak"-listaan kortit, joihin useimmat
pelaajat eivät heti koskisi.

Lopeta vastauksesi yhteen JSON-objektiin täsmälleen tässä muodossa:
""",
    "ja": """\
あなたは日本語を母語とする慎重な話者として、連想ワードゲーム（『コードネーム』のような
ゲーム：一人がヒントとして一語を言い、もう一人がその語が指すカードをタッチする）で人が
何を思い浮かべるかを書き出す手伝いをします。

下にまずヒントの語がいくつかあり、続いてゲームのカードの単語がすべて並んでいます。
ヒントの語ごとにカードの一覧を全部見て、次を書いてください：
- "strong"：慎重なプレイヤーがこのヒントで迷わずタッチするカードすべて（強い順）；
- "weak"：プレイヤーがそれでも思い浮かべうるカード（ゆるいつながり、語の別の意味）で、
  慎重なヒントの出し手なら気にするもの。
本当のつながりがないカードは書かないでください。同じカードが多くのヒントの語に
出てきてもかまいません。カードの単語は与えられたとおりに書いてください。最後に
各リストを見直し、多くのプレイヤーがすぐにはタッチしないカードは "weak" に移して
ください。

最後にJSONオブジェクトを一つ、この形のとおりに書いてください：
""",
}
THEME_WORDS = {"en": "The clue words:", "fi": "Vihjesanat:", "ja": "ヒントの語："}


def themed_before(lang: str) -> set[str]:
    """The theme words every earlier batch put to this language's writers."""
    return set(times_themed(lang))


def times_themed(lang: str) -> dict[str, int]:
    """How many themes prompts of the earlier batches put each word to a writer."""
    out: dict[str, int] = {}
    for path in WRITERS.glob(f"*/prompts/{lang}-t*.txt"):
        text = path.read_text("utf-8")
        start = text.index(THEME_WORDS[lang]) + len(THEME_WORDS[lang])
        for w in text[start : text.index(CARDS[lang], start)].split():
            out[w.strip()] = out.get(w.strip(), 0) + 1
    return out


def giver_said(lang: str, boards: int = READING_BOARDS) -> list[str]:
    """The words our giver says on ``boards`` tables a phase of the reading seeds
    (neither the tuning nor the held-out range), most often said first. Every one is
    a theme word (a word beyond the table is said only when themed, and a table word
    a writer has not judged scores too low to win); a second writer's reading of the
    commonest catches a card the first one missed, as *olki* (Christmas straw, an
    assassin) for *joulu* on h14."""
    import tables  # the benchmark's tables; imported here, as it loads the partner

    partner = Partner.load(lang)
    said: dict[str, int] = {}
    for phase in tables.PHASES:
        for seed in range(READING.start, READING.start + boards):
            t = tables.table(lang, seed, phase)
            choice = partner.giver.clue(partner.board(t.words), Knowledge.of(t.state, "A"))
            if choice is not None:
                said[choice.word] = said.get(choice.word, 0) + 1
    return sorted(said, key=lambda w: (-said[w], w))


def second_words(lang: str, count: int = THEMES) -> list[str]:
    """Words one themes writer has judged, for a second reading: the words people
    said on the runs one may tune on (``people_said``, most often said first), then
    the giver's commonest (``giver_said``). A second reader names cards the first
    missed: people's *dust* 2 for BROOM and CARPET, *avaruus* 2 for ASTRONAUTTI and
    LAIVA (h15), each read as one card, the other capped as unnamed."""
    times = times_themed(lang)
    partner = Partner.load(lang)
    linked = {w for said in partner_lists.links(lang).values() for w in said}
    out: list[str] = []
    for word in people_said(lang) + giver_said(lang):
        word = _as_listed(partner, linked, word)
        if times.get(word) == 1 and word not in out:
            out.append(word)
    return out[:count]


def _as_listed(partner: Partner, linked: set[str], word: str) -> str:
    """A word as the table or the lists write it (boats: boat), else as said."""
    try:
        j = partner.clue_index(word)
    except PartnerError:
        return word
    if j < partner.table_clues or partner.clues[j] in linked:
        return partner.clues[j]
    return word


def people_said(lang: str) -> list[str]:
    """The clue words blind givers said on the tuning runs and on the held-out runs
    already scored (a report's figures are on a block dealt after them; a held-out
    run not yet scored is never read), most often said first: the words people clue
    with."""
    import people  # the benchmark's runs; imported here, as it loads the tables

    said: dict[str, int] = {}
    for manifest_path in sorted(people.RUNS.glob("*/manifest.json")):
        manifest = json.loads(manifest_path.read_text("utf-8"))
        if not people.tunable(manifest_path.parent, manifest):
            continue
        clues, _dropped = people.person_clues(manifest_path.parent.name, manifest)
        for bid, clue in clues.items():
            if bid.startswith(f"{lang}-"):
                said[fold(clue.word)] = said.get(fold(clue.word), 0) + 1
    return sorted(said, key=lambda w: -said[w])


def theme_words(lang: str, count: int = THEMES) -> list[str]:
    """Words a player clues with, not put to writers before: first those people said
    (``people_said``), any word at all (one the partner knew only from its vectors,
    *harava*, or refused, TENTACLE: once writers name cards for it, it is a link
    word the partner hears), then those the writers' lists name for the most cards
    (then the commoner word). A link word the table lacks (*kuhina*,
    遠足) is a word the partner hears, though it never says one."""
    partner = Partner.load(lang)
    vocab = {w: j for j, w in enumerate(partner.clues[: partner.table_clues])}
    linked = {w for said in partner_lists.links(lang).values() for w in said}
    done = themed_before(lang)
    cards: dict[str, int] = {}
    for said in partner_lists.links(lang).values():
        for w in set(said):
            cards[w] = cards.get(w, 0) + 1
    out: list[str] = []
    for word in people_said(lang):
        word = _as_listed(partner, linked, word)  # the table's or the lists' form
        if word not in done | set(out):
            out.append(word)
    rare = len(vocab)  # a word beyond the table after the table's words, as rarer
    # (every word named for three cards or more had been asked by w5, for two by w7;
    # of those named for two people said one in 13 on the runs, of those named for
    # one one in 35: docs/partner.md)
    join = _table_joins(partner, vocab)
    ranked = sorted(cards,
                    key=lambda w: (-cards[w], -join.get(w, 0), vocab.get(w, rare), w))
    # ... taken in turn with the table's words no list names that it puts near the
    # most cards (of the words people said on h10-h11 that no round had asked, the
    # partner found half to four fifths of what people found, against 92-99 % for
    # asked ones, and *ammatti*, *soitto*, 施設, *soda* are in no card's list)
    ranked = [w for w in ranked if w not in done]
    near_many = sorted((w for w in join if w not in cards and w not in done),
                       key=lambda w: (-join[w], vocab[w]))
    for pair in zip(ranked, near_many, strict=False):
        out += [w for w in pair if w not in out]
    out += [w for w in ranked + near_many if w not in out]
    return out[:count]


def _table_joins(partner: Partner, vocab: dict[str, int], top: int = 40) -> dict[str, int]:
    """For each table word, how many board words hold it among their ``top`` clues:
    among words the lists name for as many cards, one the table puts near many
    cards is likelier to join two on a board (*koala*, *ketchup*) than a common
    abstract one (*hope*, *research*)."""
    out: dict[str, int] = {}
    for i in range(len(partner.table.board_words)):
        row = partner.table.row(i)
        bar = sorted(row, reverse=True)[top - 1]
        for j, v in enumerate(row):
            if v >= bar:
                w = partner.clues[j]
                out[w] = out.get(w, 0) + 1
    return out


def _new_batch(batch: str) -> Path:
    """The prompts folder of a batch not written before (a batch is written once)."""
    folder = WRITERS / batch / "prompts"
    if folder.exists():
        raise SystemExit(f"{folder} exists: a batch is written once")
    folder.mkdir(parents=True)
    return folder


def theme_prompts(batch: str, count_a_language: int = THEMES,
                  choose: Callable[[str, int], list[str]] = theme_words) -> None:
    folder = _new_batch(batch)
    count = 0
    for lang in ("en", "fi", "ja"):
        words = list(load_words(lang).words)
        themes = choose(lang, count_a_language)
        for k in range(0, len(themes), THEMES_PER_PROMPT):
            chunk = themes[k : k + THEMES_PER_PROMPT]
            shape = [{"strong": ["...", "..."], "weak": ["..."]}, {"strong": ["..."], "weak": []}]
            example = json.dumps(dict(zip(chunk, shape, strict=False)), ensure_ascii=False)
            text = (THEME_BRIEF[lang] + "\n```json\n" + example + "\n```\n\n"
                    + THEME_WORDS[lang] + "\n" + "\n".join(chunk) + "\n\n"
                    + CARDS[lang] + "\n" + "\n".join(words) + "\n")
            (folder / f"{lang}-t{k // THEMES_PER_PROMPT + 1:02d}.txt").write_text(text, "utf-8")
            count += 1
    print(f"{count} theme prompts in {folder}")


def prompts(batch: str) -> None:
    folder = _new_batch(batch)
    count = 0
    for lang in ("en", "fi", "ja"):
        words = list(load_words(lang).words)
        for k in range(0, len(words), WORDS):
            chunk = words[k : k + WORDS]
            example = json.dumps({chunk[0]: ["...", "..."], chunk[1]: ["...", "..."]},
                                 ensure_ascii=False)
            text = (BRIEF[lang].format(links=LINKS) + "\n```json\n" + example + "\n```\n\n"
                    + CARDS[lang] + "\n" + "\n".join(chunk) + "\n")
            (folder / f"{lang}-{k // WORDS + 1:02d}.txt").write_text(text, "utf-8")
            count += 1
    print(f"{count} writer prompts in {folder}")


def _last_object(text: str) -> dict[str, Any] | None:
    """The last JSON object in a writer's reply (in a ```json block or bare)."""
    blocks = re.findall(r"```(?:json)?\s*(\{.*?\})\s*```", text, flags=re.S)
    for blob in reversed(blocks or re.findall(r"(\{.*\})", text, flags=re.S)):
        try:
            got = json.loads(blob)
        except json.JSONDecodeError:
            continue
        if isinstance(got, dict):
            return got
    return None


def _object(text: str) -> dict[str, list[str]]:
    got = _last_object(text)
    if got is None:
        raise ValueError("no JSON object in the answer")
    return {str(k): [str(x) for x in v] for k, v in got.items() if isinstance(v, list)}


_fold = fold  # the partner's own comparison: the links are written as it reads them


def _plain(text: str) -> dict[str, list[str]]:
    """A hand-written list: ``card: link link ...`` a line."""
    out = {}
    for line in text.splitlines():
        card, sep, rest = line.split("#", 1)[0].partition(":")
        if sep and rest.split():
            out[card.strip()] = rest.split()
    return out


def _asked(text: str) -> list[str]:
    """The theme words a themes answer judged (its JSON object's keys)."""
    got = _last_object(text) or {}
    return [str(k) for k, v in got.items() if isinstance(v, dict)]


def _themes(text: str) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """A themes answer (``{"sea": {"strong": [cards], "weak": [cards]}}``) as two
    card lists: each card's themes it was strong for (its place in the theme's list
    first), and those it was weak for."""
    got = _last_object(text)
    if got is None:
        raise ValueError("no JSON object of themes in the answer")
    strong: dict[str, list[tuple[int, str]]] = {}
    weak: dict[str, list[str]] = {}
    for theme, parts in got.items():
        if not isinstance(parts, dict):
            continue
        for rank, card in enumerate(parts.get("strong") or []):
            strong.setdefault(str(card), []).append((rank, str(theme)))
        for card in parts.get("weak") or []:
            weak.setdefault(str(card), []).append(str(theme))
    return {c: [t for _r, t in sorted(ts)] for c, ts in strong.items()}, weak


def _sources(batch: str, lang: str, weak: dict[str, list[str]] | None = None,
             strong: dict[str, list[str]] | None = None,
             ) -> list[tuple[str, dict[str, list[str]]]]:
    """Each writer's lists of a batch, card -> links. A themes answer (LANG-tNN) is one
    writer for every card it names strong (and those go to ``strong`` too); the cards
    it names weak go to ``weak``."""
    folder = WRITERS / batch
    out = []
    themed: dict[str, list[str]] = {}
    for path in sorted((folder / "answers").glob(f"{lang}-*.txt")):
        try:
            if re.fullmatch(rf"{lang}-t\d+", path.stem):
                named, loose = _themes(path.read_text("utf-8"))
                for card, ts in named.items():
                    themed.setdefault(card, []).extend(ts)
                    if strong is not None:
                        strong.setdefault(card, []).extend(ts)
                for card, ts in loose.items():
                    if weak is not None:
                        weak.setdefault(card, []).extend(ts)
                continue
            out.append((f"{batch}/{path.name}", _object(path.read_text("utf-8"))))
        except ValueError as exc:
            print(f"{path.name}: {exc}", file=sys.stderr)
    if themed:
        out.append((f"{batch}/themes", themed))
    for path in sorted(folder.glob(f"{lang}.links")):
        out.append((f"{batch}/{path.name}", _plain(path.read_text("utf-8"))))
    for path in sorted(folder.glob(f"{lang}.kinds")):
        # ``kind: card card ...``: the kinds a player names for many cards at once
        # (animal, hedelmä, 楽器), each card's kinds as one writer's list
        kinds: dict[str, list[str]] = {}
        for kind, cards in _plain(path.read_text("utf-8")).items():
            for card in cards:
                kinds.setdefault(card, []).append(kind)
        out.append((f"{batch}/{path.name}", kinds))
    return out


def _normaliser(lang: str) -> Callable[[str], str | None]:
    """A link as the table's word for it: a plural or an inflected form as its base
    (boats: boat, järvellä: järvi); None for a word the partner never hears (its
    blocked list). A confusing word (*construction*, *dill*: too vague or odd for
    the partner to say) stays a link: a person may say it, and the partner should
    understand it (it never says a word the table lacks). Not a Japanese one-kanji
    confusing word: those are the affixes (的, 性), which are no clue on their own
    (docs/partner.md, "One-kanji clue words")."""
    vocab = Partner.load(lang)
    table = set(vocab.clues[: vocab.table_clues])
    affixes = {w for w in partner_lists.confusing(lang) if lang == "ja" and len(w) == 1}
    out = partner_lists.blocked(lang) | affixes

    def norm(word: str) -> str | None:
        if word in out:
            return None
        if word in table:
            return word
        for single in _singulars(word) if lang == "en" else ():
            if single in table:
                return single
        j = vocab._form_of(word)  # a Finnish form the table's header knows
        return vocab.clues[j] if j is not None else word

    return norm


def merge(batches: list[str]) -> None:
    """Every batch's lists in one: a link scores by how high each writer put it (1 for
    the first, falling to 0 past the last), summed over writers, so a link several
    writers name comes first."""
    for lang in ("en", "fi", "ja"):
        words = list(load_words(lang).words)
        known = {_fold(w): w for w in words}
        norm = _normaliser(lang)
        scores: dict[str, dict[str, float]] = {}
        writers: dict[str, int] = {}
        weak: dict[str, list[str]] = {}
        strong: dict[str, list[str]] = {}
        for batch in batches:
            for name, got in _sources(batch, lang, weak, strong):
                for card, said in got.items():
                    word = known.get(_fold(card))
                    if word is None:
                        print(f"{name}: '{card}' is not a {lang} card word", file=sys.stderr)
                        continue
                    writers[word] = writers.get(word, 0) + 1
                    w = _fold(word)
                    kept = []
                    for s in map(_fold, said):
                        if not s or any(ch.isspace() for ch in s) or s in w or w in s:
                            continue
                        n = norm(s)
                        if n and n not in kept and n not in w and w not in n:
                            kept.append(n)
                    row = scores.setdefault(word, {})
                    for rank, s in enumerate(kept):
                        row[s] = row.get(s, 0.0) + 1.0 - rank / max(len(kept), LINKS)
        missing = [w for w in words if w not in scores]
        if not scores:
            print(f"{lang}: no lists in {', '.join(batches)}")
            continue
        path = LISTS / f"{lang}-links.txt"
        head = (
            f"# What native {lang} speakers say to point at each card, strongest first (links\n"
            "# several writers name first): written blind by native-speaker writers and the\n"
            f"# team (benchmarks/partner_people/writers/: {', '.join(batches)}), merged by\n"
            "# writers.py. Read by the partner at run time (partner/lists.py, links).\n"
        )
        body = "".join(
            f"{_fold(w)}: {' '.join(sorted(scores[w], key=lambda s: (-scores[w][s], s)))}\n"
            for w in words if w in scores
        )
        path.write_text(head + body, "utf-8")
        # the themes a card was named weak for and no writer linked: words a player
        # may still take for it (partner/lists.py, near)
        near: dict[str, list[str]] = {}
        for card, themes in weak.items():
            word = known.get(_fold(card))
            if word is None:
                continue
            w = _fold(word)
            for t in map(_fold, themes):
                n = norm(t)
                if n and n not in scores.get(word, {}) and n not in w and w not in n \
                        and n not in near.setdefault(word, []):
                    near[word].append(n)
        near_path = LISTS / f"{lang}-near.txt"
        if near:
            near_path.write_text(
                f"# Words a native {lang} player may still take for each card (a looser link,\n"
                "# another sense), which a careful giver keeps clear of: the themes writers\n"
                f"# named the card weak for ({', '.join(batches)}), merged by writers.py.\n"
                + "".join(f"{_fold(w)}: {' '.join(near[w])}\n" for w in words if near.get(w)),
                "utf-8")
        # the theme words: for each, a writer went through every card, so a card
        # named neither strong nor weak for it is one a person does not take for it
        # (partner/lists.py, themed)
        asked = sorted({n for batch in batches
                        for path in (WRITERS / batch / "answers").glob(f"{lang}-t*.txt")
                        for t in map(_fold, _asked(path.read_text("utf-8")))
                        if (n := norm(t))})
        # a card's links that are theme words whose readers, going through every card
        # for the word, named this card neither strong nor weak: a link from the
        # card's side only, which people hearing the word found three times in five
        # (partner -> person on h9-h14), against 99 % for one its readers named
        named: dict[str, set[str]] = {}  # theme word -> the cards its readers named
        for card, themes in [*strong.items(), *weak.items()]:
            if (word := known.get(_fold(card))) is not None:
                for t in map(_fold, themes):
                    named.setdefault(norm(t) or t, set()).add(word)
        themed_set = set(asked)
        one_side = {w: [s for s in scores[w] if s in themed_set and w not in named.get(s, ())]
                    for w in words if w in scores}
        (LISTS / f"{lang}-one-sided.txt").write_text(
            f"# Each card's links ({lang}-links.txt) that are theme words whose themes\n"
            "# readers named the card neither strong nor weak for the word: links from\n"
            f"# the card's side only ({', '.join(batches)}), merged by writers.py. The\n"
            "# partner's guesser still reads them; its giver does not count the card a\n"
            "# target a person reaches from the word.\n"
            + "".join(f"{_fold(w)}: {' '.join(one_side[w])}\n" for w in words if one_side.get(w)),
            "utf-8")
        (LISTS / f"{lang}-themed.txt").write_text(
            f"# Clue words the {lang} themes writers judged against every card\n"
            f"# ({', '.join(batches)}), merged by writers.py: a card they named for none\n"
            "# of them, strong or weak, is one a player does not take for it.\n"
            + "".join(f"{w}\n" for w in asked),
            "utf-8")
        print(f"{lang}: {len(scores)} cards, {sum(map(len, scores.values()))} links, "
              f"{len(asked)} theme words, "
              f"{sum(map(len, one_side.values()))} one-sided links, "
              f"near words for {len(near)} cards, "
              f"writers per card {min(writers.values(), default=0)}-"
              f"{max(writers.values(), default=0)}; missing {len(missing)}: "
              f"{' '.join(missing[:20])}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("action", choices=("prompts", "themes", "second", "merge"))
    ap.add_argument("batch", nargs="+", help="one batch to prompt; every batch to merge")
    ap.add_argument("--themes", type=int, default=THEMES,
                    help=f"themes, second: words a language (default {THEMES})")
    args = ap.parse_args()
    if args.action in ("prompts", "themes", "second"):
        if len(args.batch) != 1:
            raise SystemExit(f"{args.action}: one batch")
        if args.action == "prompts":
            prompts(args.batch[0])
        elif args.action == "second":
            theme_prompts(args.batch[0], args.themes, second_words)
        else:
            theme_prompts(args.batch[0], args.themes)
    else:
        merge(args.batch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
