"""The AI partner (issue 19): its tables, clue checks, giver, guesser and commands."""

import functools
import json
import sys
from pathlib import Path

import pytest
import snowballstemmer

from keystand.books.words import deal
from keystand.books.words import load as load_words
from keystand.partner import Knowledge, Partner, PartnerError, lists
from keystand.partner.core import fold
from keystand.partner.selfplay import play_game
from keystand.partner.table import MIN_SCORE, path_for, word_list_digest
from keystand.rules.actions import Clue
from keystand.rules.game import apply, new_game
from keystand.rules.keycode import encode
from keystand.rules.keygen import seeded_layout
from keystand.rules.layout import Layout, cell_index, cell_name
from keystand.rules.setup import Rules
from wordcheck import ja_word

BUILT = [lang for lang in ("en", "fi", "ja") if path_for(lang).exists()]


@pytest.fixture(scope="module", params=BUILT)
def partner(request):
    return Partner.load(request.param)


def _board(partner, seed):
    words = deal(load_words(partner.lang), seed)
    return words, partner.board(words)


@functools.cache
def _stem(lang):
    if lang == "en":
        return functools.cache(snowballstemmer.stemmer("english").stemWord)
    return None


def test_each_table_was_built_from_its_current_word_list():
    assert "en" in BUILT
    for lang in BUILT:
        words = load_words(lang)
        blob = path_for(lang).read_bytes()
        assert len(blob) <= 5 * 1024 * 1024, f"{lang}: table over 5 MB"
        table = Partner.load(lang).table
        assert table.header["list_sha256"] == word_list_digest(words.words), (
            f"{lang}: the word list changed; run scripts/partner_build.py {lang}"
        )
        assert table.board_words == list(words.words)
        assert table.header["sources"]


def test_a_changed_word_list_is_refused(monkeypatch):
    real = load_words("en")
    changed = type(real)(real.lang, real.id, (*real.words[:-1], "zeppelin"))
    monkeypatch.setattr("keystand.books.words.load", lambda lang: changed)
    with pytest.raises(PartnerError) as err:
        Partner.load("en")
    assert err.value.reason == "stale_table"


def test_unknown_board_word_is_refused(partner):
    words, _ = _board(partner, 1)
    with pytest.raises(PartnerError) as err:
        partner.board((*words[:24], "notaboardword"))
    assert err.value.reason == "unknown_board_word" and err.value.cell == 24


def test_check_clue_says_why_and_where(partner):
    words, board = _board(partner, 2)
    visible = range(25)
    with pytest.raises(PartnerError) as err:
        partner.check_clue(board, words[7].upper(), visible)
    assert (err.value.reason, err.value.cell) == ("same_word", 7)
    with pytest.raises(PartnerError) as err:
        partner.check_clue(board, "qqqzzzxx", visible)
    assert err.value.reason == "unknown_word"
    # a word of the card list that is not on this table is a clue like any other
    dealt = set(words)
    other = next(w for w in load_words(partner.lang).words if w not in dealt
                 and all(r[partner.clue_index(w)] >= MIN_SCORE for r in board.rows))
    assert partner.clues[partner.check_clue(board, other, visible)] == fold(other)
    # a refused pair stored in the table is refused with its reason and cell
    for cell in range(25):
        refused = [j for j in range(partner.table_clues) if board.rows[cell][j] < MIN_SCORE
                   and partner.clues[j] not in {fold(w) for w in words}]
        if refused:
            with pytest.raises(PartnerError) as err:
                partner.check_clue(board, partner.clues[refused[0]], visible)
            assert err.value.cell == cell
            assert err.value.reason in ("too_close", "same_stem", "same_reading", "same_kanji")
            # said as an English sentence: "'x' shares a kanji with 'y' on the table"
            phrase = {"too_close": "is too close to", "same_stem": "shares a stem with",
                      "same_reading": "reads the same as",
                      "same_kanji": "shares a kanji with"}[err.value.reason]
            assert str(err.value) == (f"'{partner.clues[refused[0]]}' {phrase} "
                                      f"'{words[cell]}' on the table")
            # once that card is covered, the clue is fine
            partner.check_clue(board, partner.clues[refused[0]],
                               [c for c in visible if board.rows[c][refused[0]] >= MIN_SCORE])
            break
    else:
        pytest.fail("no refused pair on the board")


def _kanji(text):
    return {ch for ch in text if "\u4e00" <= ch <= "\u9fff"}


@functools.cache
def _ja_reading(word):
    """UniDic's reading, or the one ja-readings.txt gives where a player types another
    (冠: UniDic かん, as 缶; a player かんむり). That list is the one source of this
    fact for the build and for this check; every other reading is UniDic's own."""
    import jaconv  # the test extra, as wordcheck's UniDic

    said = lists.readings("ja").get(word)
    return jaconv.hira2kata(said) if said else ja_word(word).reading


@functools.cache
def _independently_refused(lang):
    """For each board word of the list, the clue indices that other tools than the
    build's refuse beside it: one inside the other, Snowball's stem (en), a kanji or
    UniDic's reading in common (ja). Each word is looked up once."""
    table = Partner.load(lang).table
    clues = table.clue_words
    stem = _stem(lang)
    by_key: dict[tuple[str, str], set[int]] = {}
    for j, clue in enumerate(clues):
        keys = []
        if stem:
            keys.append(("stem", stem(clue)))
        if lang == "ja":
            keys += [("kanji", k) for k in _kanji(clue)]
            reading = _ja_reading(clue)
            if reading:
                keys.append(("reading", reading))
        for key in keys:
            by_key.setdefault(key, set()).add(j)
    refused = []
    for w in table.board_words:
        w = w.casefold()
        bad = {j for j, clue in enumerate(clues) if clue in w or w in clue}
        keys = [("stem", stem(w))] if stem else []
        if lang == "ja":
            keys += [("kanji", k) for k in _kanji(w)]
            keys.append(("reading", _ja_reading(w)))
        for key in keys:
            bad |= by_key.get(key, set())
        refused.append(frozenset(bad))
    return refused


def _independent_problems(lang, clue, words):
    """Why the independent tools refuse ``clue`` beside ``words`` (for the message)."""
    stem = _stem(lang)
    out = []
    for w in words:
        w = w.casefold()
        if clue in w or w in clue:
            out.append(f"{clue} / {w}: one inside the other")
        if stem and stem(clue) == stem(w):
            out.append(f"{clue} / {w}: same stem")
        if lang == "ja":
            if _kanji(clue) & _kanji(w):
                out.append(f"{clue} / {w}: a kanji in common")
            if _ja_reading(clue) and _ja_reading(clue) == _ja_reading(w):
                out.append(f"{clue} / {w}: the same reading")
    return out


def test_every_pair_the_table_allows_passes_independent_checks(partner):
    """Every (board word, clue) the table allows, re-checked with other tools: the
    stored refusals cover every board that can be dealt."""
    refused = _independently_refused(partner.lang)
    problems = []
    for i, bad in enumerate(refused):
        row = partner.table.row(i)
        words = [partner.table.board_words[i]]
        problems += [p for j in sorted(bad) if row[j] >= MIN_SCORE
                     for p in _independent_problems(partner.lang, partner.clues[j], words)]
    assert not problems, problems[:10]


def _check_boards(partner, seeds, give_every=1):
    """Every dealt board: no clue it allows is one the independent tools refuse
    beside one of its words; every ``give_every``-th board also the clue the giver
    chooses for each seat."""
    refused = _independently_refused(partner.lang)
    index = {w: i for i, w in enumerate(partner.table.board_words)}
    problems = []
    for n, seed in enumerate(seeds):
        words, board = _board(partner, seed)
        bad = frozenset().union(*(refused[index[w]] for w in words))
        for j in sorted(bad.intersection(board.allowed)):
            problems += _independent_problems(partner.lang, partner.clues[j], words)
        if n % give_every:
            continue
        layout = seeded_layout(seed)
        for seat in ("A", "B"):
            choice = partner.giver.clue(board, Knowledge.fresh(seat, layout.side(seat)), seed=seed)
            assert choice is not None
            problems += _independent_problems(partner.lang, choice.word, words)
            assert choice.word not in words
    assert not problems, problems[:10]


def test_given_clues_pass_independent_checks(partner):
    _check_boards(partner, range(8))


@pytest.mark.slow
def test_given_clues_pass_independent_checks_on_thousands_of_boards(partner):
    # 2,000 dealt boards; the giver (about 30 ms a clue) on 200 of them, which keeps
    # the suite's run in CI to minutes (docs/performance.md has the giver's timing).
    _check_boards(partner, range(1000, 3000), give_every=10)


def test_clue_targets_are_the_givers_own_unfound_agents(partner):
    for seed in range(30):
        _words, board = _board(partner, seed)
        layout = seeded_layout(seed)
        seat = "AB"[seed % 2]
        side = layout.side(seat)
        greens = [i for i in range(25) if side[i] == "G"]
        found = tuple(greens[: seed % 5])
        choice = partner.giver.clue(board, Knowledge.fresh(seat, side, found), seed=seed)
        assert choice is not None
        assert 1 <= choice.number == len(choice.targets)
        assert set(choice.targets) <= set(greens) - set(found)
        assert choice.word in partner.clues
    side = seeded_layout(0).side("A")
    everything = tuple(i for i in range(25) if side[i] == "G")
    _, board = _board(partner, 0)
    assert partner.giver.clue(board, Knowledge.fresh("A", side, everything)) is None


def test_the_cards_a_clue_means_are_those_a_person_links_to_it(partner):
    """Each target the giver names on an opening table (where some clue always
    clears the bar) is a card a native speaker's list links to the clue, or one whose
    reviewed best clues in the table hold it: the cards it counted when it chose the
    number, not merely the agents the table puts nearest the clue."""
    from keystand.partner.giver import REVIEWED

    checked = 0
    for seed in range(40):
        _words, board = _board(partner, seed)
        side = seeded_layout(seed).side("A")
        choice = partner.giver.clue(board, Knowledge.fresh("A", side), seed=seed)
        assert choice is not None
        j = partner.clues.index(choice.word)
        for c in choice.targets:
            if j >= partner.table_clues:  # a word beyond the table: a writer's link
                assert board.named(c, j), (choice, board.words[c])
                checked += 1
                continue
            row = partner.table.row(board.indices[c])  # signed bytes, before the links
            best = sorted(row, reverse=True)[REVIEWED - 1]
            assert board.named(c, j) or row[j] >= best, (choice, board.words[c])
            checked += 1
    assert checked >= 60


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_a_card_is_named_for_the_words_its_list_links_and_no_other(lang):
    """``Board.named`` (what the giver counts as a target a person reaches) holds for
    each word a card's native-speaker list links to it, whether the table's clue words
    hold it or not (or a card word whose own list names this card: SEA under
    PIRATE's), but not for a link from the card's side only (the word's themes
    readers named the card neither strong nor weak), and for no word only other
    cards' lists name."""
    partner = Partner.load(lang)
    words, board = _board(partner, 3)
    links = lists.links(lang)
    one_sided = lists.one_sided(lang)
    own = {c: set(links.get(w, ())) for c, w in enumerate(words)}
    backwards = {
        c: {card for card, said in links.items() if w in said} for c, w in enumerate(words)
    }
    beyond = unnamed = sided = 0
    for c, w in enumerate(words):
        for link in own[c]:
            j = partner.clue_index(link)
            if link in one_sided.get(w, ()) and link not in backwards[c]:
                assert not board.named(c, j), (w, link)
                sided += 1
                continue
            assert board.named(c, j), (w, link)
            beyond += j >= partner.table_clues
        for link in set().union(*own.values()) - own[c]:
            j = partner.clue_index(link)
            if link in backwards[c]:
                continue
            assert not board.named(c, j), (w, link)
            unnamed += 1
    assert beyond >= 50 and unnamed >= 1000 and sided >= 1


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_a_link_from_the_cards_side_only_is_read_but_never_counted(lang):
    """A card's link its clue word's themes readers did not name for it (people found
    such cards three times in five): the guesser still reads the card as near the
    word, but the giver never counts it a target, on a board where the word is the
    clue it gives."""
    from keystand.partner.core import LINK_STEP, LINK_TOP
    from keystand.partner.giver import REVIEWED

    partner = Partner.load(lang)
    one_sided = lists.one_sided(lang)
    links = lists.links(lang)
    assert sum(map(len, one_sided.values())) >= 300
    checked = sided = 0
    for seed in range(60):
        words, board = _board(partner, seed)
        side = seeded_layout(seed).side("A")
        pairs = {(c, partner.clue_index(w)) for c, card in enumerate(words)
                 for w in one_sided.get(card, ())}
        # (less those the clue word's own card list names: SAUNA's writers name HIRSI)
        assert board.one_sided <= pairs
        sided += len(board.one_sided)
        for c, j in board.one_sided:  # scored as its place in the list says
            k = links[words[c]].index(partner.clues[j])
            if board.score(c, j) > float("-inf"):  # (a refused pair stays refused)
                assert board.score(c, j) >= LINK_TOP - LINK_STEP * k - 0.1, (words[c], k)
        choice = partner.giver.clue(board, Knowledge.fresh("A", side), seed=seed)
        assert choice is not None
        j = partner.clues.index(choice.word)
        for c in choice.targets:
            if (c, j) in board.one_sided:
                row = partner.table.row(board.indices[c])  # a table's reviewed best
                assert j < partner.table_clues and row[j] >= sorted(row)[-REVIEWED]
            checked += 1
    assert checked >= 90 and sided >= 30


def test_the_giver_never_gives_a_word_given_before_in_the_game(partner):
    """The same board and side ask for the same clue again; a word said before in
    the game (in any case, by either seat) is left out, and so is the next."""
    for seed in range(6):
        _words, board = _board(partner, seed)
        layout = seeded_layout(seed)
        know = Knowledge.fresh("A", layout.side("A"))
        first = partner.giver.clue(board, know, seed=seed)
        assert first is not None
        said = [first.word.upper()]
        for _ in range(3):
            again = partner.giver.clue(board, know, seed=seed, exclude=said)
            assert again is not None and fold(again.word) not in {fold(w) for w in said}
            said.append(again.word)
        # A word the vocabulary does not hold is no reason to refuse a clue.
        assert partner.giver.clue(board, know, seed=seed, exclude=["zzqx"]) == first


def test_the_giver_sees_only_its_own_side(partner):
    """Two keys with the same side for A and different sides for B: A's clue is the same."""
    words, board = _board(partner, 5)
    a = seeded_layout(5)
    pairs = list(a.pairs)
    # swap B's roles between two cells where A's roles match, so B's side differs
    swaps = [(i, j) for i in range(25) for j in range(i + 1, 25)
             if pairs[i][0] == pairs[j][0] and pairs[i][1] != pairs[j][1]]
    i, j = swaps[0]
    pairs[i], pairs[j] = pairs[i][0] + pairs[j][1], pairs[j][0] + pairs[i][1]
    b = Layout(pairs)
    assert a.side("A") == b.side("A") and a.side("B") != b.side("B")
    clues = []
    for layout in (a, b):
        state = new_game(layout, Rules(), words)
        clues.append(partner.giver.clue(board, Knowledge.of(state, "A"), seed=1))
    assert clues[0] == clues[1]


def test_guesser_never_touches_covered_or_own_bystander_cards(partner):
    words, board = _board(partner, 9)
    layout = seeded_layout(9)
    state = new_game(layout, Rules(), words)
    giver = "A"
    choice = partner.giver.clue(board, Knowledge.of(state, giver), seed=0)
    state, _ = apply(state, Clue(giver, choice.number, choice.word))
    from keystand.rules.actions import Guess

    # B guesses A's bystander: B's mark there; and an agent gets covered
    by = next(c for c in range(25) if layout.role(c, giver) == "T")
    ag = next(c for c in range(25) if layout.role(c, giver) == "G")
    state, _ = apply(state, Guess("B", ag))
    state, _ = apply(state, Guess("B", by))
    state, _ = apply(state, Clue("B", 1, None))
    state, _ = apply(state, Guess("A", next(c for c in range(25) if layout.role(c, "B") == "G"
                                             and not state.out_of_play(c))))
    know = Knowledge.of(state, "B")
    for clue in partner.clues[:50]:
        ranked = partner.guesser.guesses(board, know, clue, 2)
        assert ag not in ranked and by not in ranked
        assert all(not state.out_of_play(c) for c in ranked)
    ranked = partner.guesser.sudden_death(board, know, [(choice.word, choice.number)])
    assert ag not in ranked and by not in ranked


def test_guesser_finds_what_the_giver_means_without_noise(partner):
    hits = total = 0
    for seed in range(12):
        _words, board = _board(partner, seed)
        layout = seeded_layout(seed)
        choice = partner.giver.clue(board, Knowledge.fresh("A", layout.side("A")), seed=seed)
        ranked = partner.guesser.guesses(
            board, Knowledge.fresh("B", layout.side("B")), choice.word, choice.number
        )
        hits += len(set(ranked[: choice.number]) & set(choice.targets))
        total += choice.number
    # the guesser also weighs its own key (a card that is an assassin on its side),
    # so it may rank a meant card lower than the giver expects
    assert hits >= 0.75 * total


def test_guesser_stops_short_of_the_number_rather_than_touch_a_card_the_clue_does_not_fit(
    partner,
):
    from keystand.partner.guesser import LEAD, LOW, STOP

    _words, board = _board(partner, 5)
    know = Knowledge.fresh("B", seeded_layout(5).side("B"))
    # clue words that fit one card on this board and hardly another: asked for 3
    stopped = cleared = 0
    for clue in partner.clues[::29]:
        ranked = partner.guesser.guesses(board, know, clue, 3)
        j = partner.clue_index(clue)
        touched = partner.guesser.touches(board, know, clue, 3)
        assert touched == ranked[: len(touched)] and 1 <= len(touched) <= 3

        def goes_on(k, j=j, ranked=ranked):
            # a person goes on to a card the clue fits well, or to a clear second
            # that fits it fairly and stands well above the card after it; never
            # from a strong card to a faint one for the number's sake
            # (a clear second judged with the assassin risk our key gives taken off)
            score = board.score(ranked[k], j)

            def risked(c, j=j):
                return board.score(c, j) + partner.guesser._prior(know, c)

            after = max(risked(c) for c in range(25) if c not in ranked[: k + 1])
            clear = risked(ranked[k]) >= LOW and risked(ranked[k]) - after >= LEAD
            return score >= STOP or clear

        assert all(goes_on(k) for k in range(1, len(touched)))
        cleared += any(board.score(ranked[k], j) < STOP for k in range(1, len(touched)))
        if len(touched) < 3:
            assert not goes_on(len(touched))
            stopped += 1
    assert stopped > 0 and cleared > 0


def test_selfplay_without_noise_never_clues_onto_an_assassin(partner):
    """Reading its own clues, the partner never meets an assassin on a clue: only
    the blind guesses of sudden death, once the clock has run out, may. (The giver
    counts only targets a person would follow, issue 26, so it finds fewer agents in
    nine turns than the self-play giver did: 10 to 13 of 15, no longer 12 or more.)"""
    results = [play_game(partner, g, noise=0.0) for g in range(4)]
    assert not any(r.assassin and not r.sudden_death for r in results)
    assert sum(r.agents for r in results) >= 10 * len(results)


def test_partner_guess_reads_partner_clue_back(partner):
    """issue 26: `partner guess` touches only agents on at least 80 % of the partner's
    own clues (opening and later tables of the people benchmark's deal)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks" / "partner_people"))
    import tables

    from bench_partner_readback import readback

    got = [readback(partner, tables.table(partner.lang, 3_000_000 + k, phase))
           for k in range(10) for phase in tables.PHASES]
    assert sum(ok for ok, _agents, _number in got) >= 0.8 * len(got)


def test_completion(partner):
    some = partner.clues[100]
    got = partner.complete(some[:2])
    assert got and all(w.startswith(some[:2]) for w in got)
    assert partner.complete("") == []


def _cli_board(lang, seed):
    words = deal(load_words(lang), seed)
    layout = seeded_layout(seed)
    return words, layout, ["--lang", lang, "--key", encode(layout), "--words", ",".join(words)]


def test_cli_clue_and_guess(cli):
    words, layout, args = _cli_board("en", 4)
    out = cli("partner", "clue", *args, "--seat", "B", "--found", "a1", "--seed", "2")
    assert out.returncode == 0, out.stderr
    clue = json.loads(out.stdout)
    assert set(clue) == {"word", "number", "targets"} and clue["number"] == len(clue["targets"])
    for cell in clue["targets"]:
        assert layout.role(cell_index(cell), "B") == "G" and cell != "a1"
    out = cli("partner", "guess", *args, "--seat", "A", "--clue", clue["word"],
              str(clue["number"]))
    assert out.returncode == 0, out.stderr
    cells = json.loads(out.stdout)["cells"]
    assert len(cells) == clue["number"] and all(cell_index(c) >= 0 for c in cells)
    same = cli("partner", "guess", *args, "--seat", "A", "--clue", words[3], "1")
    assert same.returncode == 2 and same.stderr.count("\n") == 1 and not same.stdout
    assert cell_name(3) not in same.stderr or words[3] in same.stderr
    unknown = cli("partner", "guess", *args, "--seat", "A", "--clue", "qqqzzzxx", "1")
    assert unknown.returncode == 2 and "vocabulary" in unknown.stderr


def test_cli_selfplay(cli):
    out = cli("partner", "selfplay", "--lang", "en", "--games", "2", "--seed", "1")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert set(got) == {"games", "wins", "assassin", "agents_mean"} and got["games"] == 2
    assert cli("partner", "selfplay", "--lang", "en", "--games", "0").returncode == 2


def test_cli_refuses_an_unknown_board_word(cli):
    words, _layout, args = _cli_board("en", 4)
    args[-1] = ",".join((*words[:24], "zzzzword"))
    out = cli("partner", "clue", *args, "--seat", "A")
    assert out.returncode == 2 and "zzzzword" in out.stderr and out.stderr.count("\n") == 1


def test_japanese_clues_by_their_kana_reading():
    partner = Partner.load("ja")
    readings = partner.table.header["readings"]
    by_reading: dict[str, list[int]] = {}
    for j, r in enumerate(readings):
        by_reading.setdefault(r, []).append(j)
    unique = next(r for r, js in by_reading.items() if len(js) == 1 and r != partner.clues[js[0]])
    assert partner.clue_index(unique) == by_reading[unique][0]
    assert partner.clues[by_reading[unique][0]] in partner.complete(unique[:2], limit=10_000)
    clues = set(partner.clues)
    shared = next(r for r, js in by_reading.items() if len(js) > 1 and r not in clues)
    with pytest.raises(PartnerError) as err:
        partner.clue_index(shared)
    assert err.value.reason == "ambiguous_reading"
    # a board word typed as its reading is that word
    words, board = _board(partner, 3)
    reading = partner.table.header["board_readings"][partner.table.board_words.index(words[5])]
    with pytest.raises(PartnerError) as err:
        partner.check_clue(board, reading, range(25))
    assert (err.value.reason, err.value.cell) == ("same_word", 5)


@pytest.mark.parametrize("lang", BUILT)
def test_no_blocked_or_confusing_word_is_a_clue(lang):
    listed = lists.blocked(lang) | lists.confusing(lang)
    assert listed, f"{lang}: no blocked or confusing words listed"
    clues = {fold(c) for c in Partner.load(lang).clues}
    assert not sorted(clues & listed)


def test_english_names_are_not_clue_words_but_everyday_nouns_are():
    # The English build lets in nouns WordNet's tagged corpus never met (jazz, email);
    # a name's lowercase twin (smith, henry) must stay out, whose vector is the name's.
    clues = set(Partner.load("en").clues)
    assert not {"smith", "henry", "martin", "miller", "jersey", "walker", "why"} & clues
    assert {"jazz", "email", "website", "bike", "soccer", "veggie", "cutlery"} <= clues


def test_the_japanese_partner_never_says_love_hotel():
    partner = Partner.load("ja")
    for text in ("ラブホ", "ラブホテル", "らぶほ", "らぶほてる", "セフレ", "ちんぽ"):
        with pytest.raises(PartnerError) as refused:
            partner.clue_index(text)
        assert refused.value.reason == "unknown_word", text
    # nor any other spelling Sudachi reads as a blocked word (オッパイ, ちんこ)
    readings = set(partner.table.header["readings"])
    assert not {"らぶほ", "らぶほてる", "せふれ", "ちんこ", "ちんぽ", "おっぱい"} & readings


def _top(partner, word, n=12):
    row = partner.table.row(partner.table.board_words.index(word))
    best = sorted((j for j in range(len(row)) if row[j] >= MIN_SCORE), key=lambda j: -row[j])
    return {partner.clues[j] for j in best[:n]}


def test_japanese_board_words_are_read_in_the_sense_a_player_means():
    partner = Partner.load("ja")
    # 嵐 the storm, not the band; 月 the moon, not the month; キリン the animal, not the beer
    assert _top(partner, "嵐") & {"大雨", "強風", "豪雨", "暴風"}
    assert not _top(partner, "嵐", 50) & {"アイドル", "新曲", "主題歌", "紅白", "ドラマ", "主演"}
    assert _top(partner, "月") & {"夜空", "天体", "星空"}
    assert not _top(partner, "月", 50) & {"開催", "発売", "予定", "発表", "開始", "延期"}
    assert not _top(partner, "キリン", 50) & {"ビール", "アサヒ", "焼酎"}
    assert _top(partner, "トラック") & {"運送", "貨物", "トレーラー"}
    assert not _top(partner, "トラック", 50) & {"音源", "サウンド", "楽曲"}


# WordNet's first senses or GloVe's vector once read these cards as something else
# (lists/en-descriptions.txt, "-" and "="): cutlery, an edge tool, for AXE; a gravy
# boat; a crab louse; skillet for SPIDER; chalk and skunk the drugs; the turtleneck.
EN_SENSES = {
    "axe": ({"hatchet", "lumberjack"}, {"cutlery"}),
    "boat": ({"ship", "sail"}, {"dish", "gravy"}),
    "crab": ({"shellfish", "claw"}, {"insect", "louse"}),
    "beaver": ({"dam", "rodent"}, {"beard", "hat", "topper"}),
    "spider": ({"web", "silk"}, {"skillet", "pan"}),
    "chalk": ({"blackboard", "school"}, {"stimulant", "drug", "glass", "trash"}),
    "skunk": ({"smell", "stripe"}, {"weed", "pot", "smoke"}),
    "turtle": ({"reptile", "shell"}, {"sweater", "garment", "jumper"}),
    "iceberg": ({"glacier", "arctic"}, {"lettuce"}),
    "butcher": ({"meat", "sausage"}, {"felon", "criminal", "outlaw", "crook"}),
    "stable": ({"horse", "hay"}, {"profitability", "sustainability", "prosperity"}),
    "hippo": ({"river", "mud"}, {"abbot", "abbey", "priory"}),
    "flute": ({"music", "orchestra"}, {"groove", "glass", "impression"}),
    "toothbrush": ({"dentist", "paste"}, {"mustache", "moustache"}),
}


@pytest.mark.parametrize("card", sorted(EN_SENSES))
def test_english_board_words_are_read_in_the_sense_a_player_means(card):
    partner = Partner.load("en")
    meant, other = EN_SENSES[card]
    assert meant <= _top(partner, card, 6), card
    assert not _top(partner, card, 50) & other, card


def test_a_players_everyday_one_kanji_clues_are_known_and_find_their_card():
    partner = Partner.load("ja")
    for said in ("花", "木", "空", "鳥", "魚", "光", "色", "音", "歌", "本", "紙", "夏", "夜"):
        partner.clue_index(said)  # not unknown_word
    for piece in ("的", "者", "方", "性", "新", "中"):  # suffixes and prefixes stay out
        with pytest.raises(PartnerError) as refused:
            partner.clue_index(piece)
        assert refused.value.reason == "unknown_word", piece
    words = ["桜", "花火", *[w for w in deal(load_words("ja"), 1) if w not in ("桜", "花火")][:23]]
    board, cell = partner.board(words), 1
    with pytest.raises(PartnerError) as refused:  # 花 shares its kanji with 花火
        partner.check_clue(board, "花", range(25))
    assert refused.value.cell == cell
    j = partner.check_clue(board, "花", [i for i in range(25) if i != cell])
    ranked = sorted(range(25), key=lambda i: -board.rows[i][j])
    assert ranked[0] == 0  # 桜
    # typed in kana, はな names 花 and 鼻: the device asks which, offering 花
    with pytest.raises(PartnerError) as refused:
        partner.clue_index("はな")
    assert refused.value.reason == "ambiguous_reading"
    assert "花" in partner.complete("はな", limit=4)


@pytest.mark.skipif("ja" not in BUILT, reason="no Japanese table")
def test_a_reading_of_one_word_in_two_spellings_is_that_word():
    # A player typed ねこ and was told it named several words: 猫 and ネコ.
    partner = Partner.load("ja")
    for typed, word in (("ねこ", "猫"), ("へび", "蛇"), ("こーひー", "コーヒー"), ("いす", "椅子")):
        assert partner.clues[partner.clue_index(typed)] == word, typed
    # words that only sound alike still ask which is meant
    for typed in ("はな", "てんぽ", "かね", "ぶどう"):
        with pytest.raises(PartnerError) as refused:
            partner.clue_index(typed)
        assert refused.value.reason == "ambiguous_reading", typed


def test_one_kanji_clues_are_dialled_by_the_reading_a_player_types():
    """Sudachi reads 箱 ばこ, 蛙 かわず, 米 べい, 仏 ふつ, 楓 ふう; a player types はこ,
    かえる, こめ, ほとけ, かえで (lists/ja-readings.txt)."""
    partner = Partner.load("ja")
    for word, typed in (("箱", "はこ"), ("米", "こめ"), ("仏", "ほとけ"), ("楓", "かえで"),
                        ("冠", "かんむり"), ("杯", "さかずき")):
        assert partner.complete(typed, limit=4)[0] == word, word
        assert partner.clue_index(typed) == partner.clue_index(word), word
    # かえる is also カエル, the same animal: the dial offers both
    assert "蛙" in partner.complete("かえる", limit=4)
    for misread in ("ばこ", "かわず", "べい"):
        with pytest.raises(PartnerError) as refused:
            partner.clue_index(misread)
        assert refused.value.reason == "unknown_word", misread
    rest = [w for w in deal(load_words("ja"), 1)
            if w not in ("跳び箱", "カエル", "王冠", "瓶", "缶", "封筒", "弁当")]
    words = ["跳び箱", "カエル", "王冠", "瓶", "缶", "封筒", "弁当", *rest[:18]]
    board = partner.board(words)
    for said, cell in (("はこ", 0), ("箱", 0), ("蛙", 1), ("冠", 2)):
        with pytest.raises(PartnerError) as refused:
            partner.check_clue(board, said, range(25))
        assert (refused.value.reason, refused.value.cell) == ("too_close", cell), said
    assert str(refused.value) == "'冠' is too close to '王冠' on the table"
    # with 跳び箱 covered, はこ is 箱, and its card is the lunch box its writers named,
    # not the other containers its vectors put near it (the bottle, the can)
    j = partner.check_clue(board, "はこ", range(1, 25))
    assert partner.clues[j] == "箱"
    ranked = sorted(range(1, 25), key=lambda i: -board.rows[i][j])
    assert words[ranked[0]] == "弁当"
    assert partner.table.row(partner._board_index["瓶"])[j] > board.rows[3][j]
    # 冠 is かんむり, not かん: once 王冠 is covered it is a clue beside 缶
    partner.check_clue(board, "冠", [i for i in range(25) if i != 2])
    # 米 is the rice a player means, not the United States of the headlines
    j = partner.clue_index("米")
    cards = partner.table.board_words
    nearest = sorted(range(len(cards)), key=lambda i: -partner.table.row(i)[j])[:10]
    assert {"稲", "麦"} <= {cards[i] for i in nearest} and "新聞" not in {cards[i] for i in nearest}


@pytest.mark.skipif("fi" not in BUILT, reason="no Finnish table")
def test_the_finnish_partner_never_says_a_blocked_word_in_any_form():
    partner = Partner.load("fi")
    for text in ("pornotähti", "pornotähtiä", "jihad", "kokaiinia", "sunni", "mielisairas"):
        with pytest.raises(PartnerError) as refused:
            partner.clue_index(text)
        assert refused.value.reason == "unknown_word", text


@pytest.mark.skipif("fi" not in BUILT, reason="no Finnish table")
def test_finnish_board_words_are_read_in_the_sense_a_player_means():
    partner = Partner.load("fi")
    # KOSKI the rapids, not the surname (law and ministries); SOLMIO a tie, not a
    # contract (solmia); LÄHDE a spring, not a source; the floret vectors of LAPANEN,
    # KÄPY and LIITU read office words; KANTELE's strings (kieli) are not a language
    assert _top(partner, "koski") & {"joki", "virta"}
    assert not _top(partner, "koski", 50) & {"oikeuskäsittely", "oikeusministeriö", "lainsäädäntö"}
    assert _top(partner, "solmio") & {"puku", "kauluspaita"}
    assert not _top(partner, "solmio", 50) & {"sopimus", "työsopimus", "liitto"}
    assert _top(partner, "lähde") & {"vesi", "puro", "juomavesi"}
    assert not _top(partner, "lähde", 50) & {"syy", "viittaus", "artikkeli", "linkki"}
    assert _top(partner, "lapanen") & {"villa", "käsi"}
    assert not _top(partner, "lapanen", 50) & {"projektipäällikkö", "johtaja", "osastopäällikkö"}
    assert _top(partner, "käpy") & {"mänty", "metsä"}
    assert not _top(partner, "käpy", 50) & {"työnhaku", "rekrytointi", "koulutus"}
    assert _top(partner, "liitu") & {"koulu", "opettaja"}
    assert not _top(partner, "liitu", 50) & {"integrointi", "käyttöoikeus", "perustulo"}
    assert not _top(partner, "kantele", 50) & {"äidinkieli", "kirjakieli", "kielioppi"}


def test_an_english_plural_is_read_as_its_singular_and_a_card_words_plural_refused():
    partner = Partner.load("en")
    words, board = _board(partner, 7)
    single = next(
        w for w in partner.clues
        if w.isalpha() and w.isascii() and len(w) > 3 and w[-1] not in "sy"
        and w + "s" not in partner.clues and w + "es" not in partner.clues
        and not any(fold(b) in w or w in fold(b) for b in words)
    )
    assert partner.check_clue(board, single.upper() + "S", range(25)) == partner.clue_index(single)
    with pytest.raises(PartnerError) as refused:
        partner.check_clue(board, words[0] + "s", range(25))
    assert (refused.value.reason, refused.value.cell) == ("same_word", 0)
    with pytest.raises(PartnerError) as refused:
        partner.clue_index("zzqxs")
    assert refused.value.reason == "unknown_word"


def _board_with(partner, seed, word, at):
    """A dealt board with ``word`` put at cell ``at`` (and not elsewhere)."""
    words = [w for w in deal(load_words(partner.lang), seed) if w != word][:24]
    words.insert(at, word)
    return words, partner.board(words)


@pytest.mark.parametrize(("lang", "card", "said"), [
    ("en", "island", "ISLAND"), ("en", "boat", "Boats"), ("fi", "järvi", "JÄRVI"),
    ("ja", "海", "海"), ("ja", "海", "うみ"),
])
def test_a_card_word_is_a_clue_unless_it_is_visible(lang, card, said):
    """The rules forbid only the words on the table: a card word elsewhere in the
    list is a clue for the human and for the giver; on the table it is the same word,
    and once covered a clue again."""
    partner = Partner.load(lang)
    _words, board = _board_with(partner, 11, card, 12)
    j = partner.clues.index(card)
    away = [c for c in range(25) if c != 12]
    assert partner.check_clue(board, said, away) == j
    with pytest.raises(PartnerError) as err:
        partner.check_clue(board, said, range(25))
    assert (err.value.reason, err.value.cell) == ("same_word", 12)
    # the table refuses the card word beside itself, so the giver never says it
    # while it is on the table, and may once the board does not hold it
    assert j not in board.allowed
    others = deal(load_words(lang), 12)
    if card not in others:
        assert partner.check_clue(partner.board(others), said, range(25)) == j


def test_the_giver_may_clue_with_a_card_word():
    partner = Partner.load("en")
    cards = set(load_words("en").words)
    given = set()
    for seed in range(40):
        words, board = _board(partner, seed)
        layout = seeded_layout(seed)
        choice = partner.giver.clue(board, Knowledge.fresh("A", layout.side("A")), seed=seed)
        assert choice.word not in words
        given.add(choice.word)
    assert given & cards, "no card word among 40 clues"


@pytest.mark.skipif("fi" not in BUILT, reason="no Finnish table")
def test_finnish_vocabulary_keeps_common_nouns_that_are_also_names():
    partner = Partner.load("fi")
    clues = set(partner.clues[: partner.table_clues])  # the giver's; links add words heard
    # common nouns Voikko also knows as a name, or also as a past verb form (soitin)
    for word in ("meri", "mäki", "ranta", "kukkula", "soitin", "puhelin", "lahti"):
        assert word in clues, word
    # personal names, surnames and names of places
    for word in ("mäkitalo", "kivimäki", "jukka", "harri", "virtanen", "rautiainen",
                 "jyväskylä", "lappeenranta", "koivisto"):
        assert word not in clues, word
    # still no verb form first (tuli: came) or inflected form (katuja)
    assert "tuli" not in clues and "katuja" not in clues


@pytest.mark.skipif("fi" not in BUILT, reason="no Finnish table")
def test_a_finnish_clue_in_an_inflected_form_is_read_as_its_base_word():
    partner = Partner.load("fi")
    for said, base in (("merellä", "meri"), ("MERELLÄ", "meri"), ("kissoja", "kissa"),
                       ("puut", "puu"), ("rannalla", "ranta"), ("soittimet", "soitin")):
        assert partner.clues[partner.clue_index(said)] == base, said
    # a form with two readings is not guessed at: sään is sää's (weather) and säkä's
    assert "sää" in partner.clues
    with pytest.raises(PartnerError) as err:
        partner.clue_index("sään")
    assert err.value.reason == "unknown_word"
    # a form of a visible card word is that word
    _words, board = _board_with(partner, 4, "järvi", 6)
    with pytest.raises(PartnerError) as err:
        partner.check_clue(board, "järvellä", range(25))
    assert (err.value.reason, err.value.cell) == ("same_word", 6)
    assert partner.clues[partner.check_clue(board, "järvellä", [0, 1])] == "järvi"


# A player trying English solo mode said SEA and saw the partner touch BADGER. Each
# clue here is what a person says for one card of this board; BADGER, GARLIC and TENT
# sit on the board as the cards that once came up for clues they have nothing to do with.
EVERYDAY_BOARD = [
    "whale", "coconut", "bee", "clown", "planet", "pyramid", "wizard", "camel", "badger",
    "garlic", "tent", "piano", "eraser", "candle", "ladder", "helmet", "kettle", "mirror",
    "saddle", "pencil", "castle", "violin", "tiger", "rocket", "lighthouse",
]
EVERYDAY_CLUES = {
    "sea": {"whale", "lighthouse"},
    "ocean": {"whale"},
    "palm": {"coconut"},
    "hive": {"bee"},
    "orbit": {"planet"},
    "tomb": {"pyramid"},
    "magic": {"wizard"},
    "wax": {"candle"},
}


# Each clue is what a Finnish player says for one card of this board; the Finnish
# read found the cards it names (KOSKI, SOLMIO, LAPANEN, ...) reading other senses.
FI_EVERYDAY_BOARD = [
    "koski", "solmio", "lapanen", "käpy", "liitu", "kotka", "hana", "lautta", "kukko", "noita",
    "pulkka", "leija", "kenkä", "juna", "kirja", "omena", "sauna", "kello", "piano", "auto",
    "kissa", "lumi", "hattu", "lusikka", "tuoli",
]
FI_EVERYDAY_CLUES = {
    "virta": "koski",
    "puku": "solmio",
    "kravatti": "solmio",
    "villa": "lapanen",
    "mänty": "käpy",
    "opettaja": "liitu",
    "koulu": "liitu",
    "lintu": "kotka",
    "kana": "kukko",
    "luuta": "noita",
    "mäki": "pulkka",
    "tuuli": "leija",
    "vesijohto": "hana",
}


# Words a new user typed in the simulator and the partner once did not know: WordNet's
# tagged corpus never met them, and the English build used to drop all such words.
MODERN_BOARD = [
    "bicycle", "saxophone", "laptop", "envelope", "astronaut", "lobster", "football", "whistle",
    "typewriter", "microphone", "badger", "garlic", "tent", "piano", "eraser", "candle",
    "ladder", "kettle", "mirror", "saddle", "pencil", "castle", "tiger", "camel", "lighthouse",
]
MODERN_CLUES = {
    "bike": {"bicycle"},
    "jazz": {"saxophone", "piano"},
    "website": {"laptop"},
    "internet": {"laptop"},
    "software": {"laptop"},
    "server": {"laptop"},
    "spacecraft": {"astronaut"},
    "seafood": {"lobster"},
    "soccer": {"football"},
    "rugby": {"football"},
}

# Each clue is what a player says for one card the English read described (EN_SENSES
# above); the table before it touched ARROW for dam, LETTUCE for hay, BEE for quack,
# CROWN for tooth, BAKER for lullaby, DENTIST for librarian and BALLOON for cockpit.
DESCRIBED_BOARD = [
    "spider", "beaver", "stable", "duck", "iceberg", "arrow", "barber", "baker", "dentist",
    "cradle", "crown", "balloon", "passport", "pilot", "library", "camera", "noodle", "swing",
    "horse", "bee", "knife", "lettuce", "sweater", "rocket", "pharaoh",
]
DESCRIBED_CLUES = {
    "web": {"spider"},
    "dam": {"beaver"},
    "hay": {"stable"},
    "quack": {"duck"},
    "glacier": {"iceberg"},
    "archery": {"arrow"},
    "haircut": {"barber"},
    "oven": {"baker"},
    "tooth": {"dentist"},
    "lullaby": {"cradle"},
    "baby": {"cradle"},
    "throne": {"crown"},
    "helium": {"balloon"},
    "party": {"balloon"},
    "airport": {"passport", "pilot"},
    "cockpit": {"pilot"},
    "librarian": {"library"},
    "book": {"library"},
    "photo": {"camera"},
    "lens": {"camera"},
    "pasta": {"noodle"},
    "playground": {"swing"},
}

EVERYDAY = {
    "en": ("en", EVERYDAY_BOARD, EVERYDAY_CLUES),
    "en-modern": ("en", MODERN_BOARD, MODERN_CLUES),
    "en-described": ("en", DESCRIBED_BOARD, DESCRIBED_CLUES),
    "fi": ("fi", FI_EVERYDAY_BOARD, {clue: {card} for clue, card in FI_EVERYDAY_CLUES.items()}),
}


@pytest.mark.parametrize(
    "case",
    [pytest.param(case, marks=pytest.mark.skipif(lang not in BUILT, reason=f"no {lang} table"))
     for case, (lang, _board, _clues) in EVERYDAY.items()],
)
@pytest.mark.parametrize("seed", range(3))
def test_an_everyday_clue_finds_its_card_first(case, seed):
    lang, words, clues = EVERYDAY[case]
    partner = Partner.load(lang)
    board = partner.board(words)
    know = Knowledge.fresh("B", seeded_layout(seed).side("B"))
    for clue, meant in clues.items():
        first = partner.guesser.guesses(board, know, clue, 1)[0]
        assert words[first] in meant, (clue, words[first])


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["fluffy", "tropical", "striped", "nutcracker"]),
        ("fi", ["pörröinen", "muuttolintu", "raidallinen"]),
        ("ja", ["ふわふわ", "花札", "パワースポット", "眩しい"]),
    ],
)
def test_words_people_clue_with_are_understood(lang, said):
    """Adjectives, compounds and loans the clue vocabulary lacks (issue 26): heard by
    the build (data/LANG.heard) or read as two known words joined; each names cards."""
    partner = Partner.load(lang)
    _words, board = _board(partner, 3)
    for word in said:
        j = partner.check_clue(board, word, [])
        assert j >= partner.table_clues, word  # not one of the giver's clue words
        assert max(board.score(c, j) for c in range(25)) > 0, word


def test_a_word_that_points_at_no_card_on_this_table_is_refused_at_no_cost():
    """夜行性 (nocturnal) is a word the writers linked to the owl and the hamster; on a
    table with neither, it points at nothing the partner can tell, and a touch would
    be blind (the tuning run t3: it touched the assassin). It asks for another."""
    ja = Partner.load("ja")
    linked = {"フクロウ", "ハムスター"}
    words = [w for w in load_words("ja").words if w not in linked][:25]
    with pytest.raises(PartnerError) as err:
        ja.check_clue(ja.board(words), "夜行性", range(25))
    assert err.value.reason == "unknown_word" and "at no cost" in str(err.value)
    words[7] = "フクロウ"
    board = ja.board(words)
    ja.check_clue(board, "夜行性", range(25))
    know = Knowledge.fresh("B", "T" * 25)
    assert ja.guesser.touches(board, know, "夜行性", 1) == [7]


def test_heard_words_and_compounds_are_refused_beside_the_card_they_hold():
    partner = Partner.load("ja")
    words = list(deal(load_words("ja"), 3))
    words[0] = "だるま"
    board = partner.board(words)
    with pytest.raises(PartnerError) as err:
        partner.check_clue(board, "雪だるま", range(25))
    assert err.value.reason == "too_close" and err.value.cell == 0
    assert partner.check_clue(board, "雪だるま", range(1, 25)) >= partner.table_clues
    en = Partner.load("en")
    with pytest.raises(PartnerError) as err:
        en.check_clue(en.board(deal(load_words("en"), 3)), "qqqzzzxx", range(25))
    assert err.value.reason == "unknown_word" and "at no cost" in str(err.value)


def test_sudden_death_touches_the_card_likeliest_to_be_the_partners_agent(partner):
    """Sudden death: any miss loses, so the AI touches where an agent of its partner's
    is likeliest by the key card's pairs. Of our own agents only 3 are also theirs:
    once we have found those 3 (covered, found by us), none of our remaining agents
    can be theirs, and it touches a card our side shows as a bystander instead."""
    from keystand.partner.guesser import agent_chances

    words = deal(load_words(partner.lang), 11)
    side = seeded_layout(11).side("B")
    ours = [c for c in range(25) if side[c] == "G"]
    found_by = [None] * 25
    for c in ours[:3]:
        found_by[c] = "B"  # we found our partner's agents there
    know = Knowledge("B", side, tuple(f is not None for f in found_by), (0,) * 25,
                     tuple(found_by), tokens_left=0, sudden_death=True)
    agent, assassin = agent_chances(know)
    assert agent["G"] == 0 and agent["T"] == 5 / 13 and assassin["B"] == 1 / 3
    ranked = partner.guesser.sudden_death(partner.board(words), know)
    assert side[ranked[0]] == "T"


@pytest.mark.parametrize("lang", BUILT)
def test_every_kind_is_a_clue_word_and_every_narrower_word_is_read(lang):
    """lists/LANG-kinds.txt: a kind the giver could say, over words that are cards or
    links (links are stored in base form: *wings* would never match *wing*)."""
    partner = Partner.load(lang)
    cards = {fold(w) for w in partner.table.board_words}
    linked = {w for said in lists.links(lang).values() for w in said}
    for kind, narrower in lists.kinds(lang).items():
        assert partner.clue_index(kind) < partner.table_clues, kind
        assert not [w for w in narrower if w not in cards | linked], kind


def test_the_kinds_a_person_reads_through_narrower_ones():
    """A person reads *eläin* (animal) as any animal, a raven too, though the table
    puts KORPPI far from it and its writers named *lintu* (bird): the team's broader
    kinds (lists/LANG-kinds.txt) say so."""
    fi = Partner.load("fi")
    korppi = fi.kin_clues(fi._board_index["korppi"])
    assert {fi.clue_index("eläin"), fi.clue_index("lintu")} <= korppi
    assert fi.clue_index("kala") not in korppi
    ja = Partner.load("ja")
    assert ja.clue_index("水") in ja.kin_clues(ja._board_index["クラゲ"])


def test_a_first_card_far_above_any_link_does_not_cut_the_clues_other_cards():
    """*mammals* 4 with WHALE, which the table puts at 12.7 units: the guesser goes on
    to ELEPHANT (3.8), as a person does, though 3.8 is under a third of 12.7 (a cut
    at a share of the first card's fit once stopped it there)."""
    from keystand.partner.guesser import STOP

    partner = Partner.load("en")
    j = partner.clue_index("mammals")
    meant = ["whale", "jaguar", "mole", "elephant"]
    rest = [w for w in deal(load_words("en"), 7) if w not in meant]
    plain = partner.board(rest[:25])
    others = [w for i, w in enumerate(rest[:25]) if plain.score(i, j) <= 1.0][:21]
    words = meant + others
    board = partner.board(words)
    first, last = board.score(0, j), board.score(3, j)
    assert STOP <= last < 0.3 * first  # what the cut once read as too far below WHALE
    touched = partner.guesser.touches(board, Knowledge.fresh("B", "T" * 25), "mammals", 4)
    assert [words[c] for c in touched] == ["whale", "jaguar", "mole", "elephant"]


@pytest.mark.parametrize(("lang", "seed", "kind"), [("en", 181, "water"), ("ja", 46, "動物")])
def test_the_giver_gives_no_kind_an_assassin_belongs_to(lang, seed, kind, monkeypatch):
    """On these boards the best clue by the table and the links is a kind one of the
    assassins belongs to; the giver gives another."""
    partner = Partner.load(lang)
    words = deal(load_words(lang), seed)
    board = partner.board(words)
    know = Knowledge.fresh("A", seeded_layout(seed).side("A"))
    assassins = [c for c in range(25) if know.side[c] == "B"]
    assert any(partner.clue_index(kind) in partner.kin_clues(board.indices[c]) for c in assassins)
    assert partner.giver.clue(board, know).word != kind
    monkeypatch.setattr(partner, "kin_clues", lambda i: frozenset())
    assert partner.giver.clue(board, know).word == kind  # what it gave without the kinds


def test_the_giver_never_gives_a_kind_of_a_visible_assassin(partner):
    for seed in range(40):
        _words, board = _board(partner, seed)
        side = seeded_layout(seed).side("A")
        choice = partner.giver.clue(board, Knowledge.fresh("A", side))
        kin = set()
        for c in range(25):
            if side[c] == "B":
                kin |= partner.kin_clues(board.indices[c])
        assert partner.clue_index(choice.word) not in kin, (seed, choice.word)


def test_the_rules_judge_the_spelling_a_player_typed():
    """The partner reads イス as 椅子 (its writers' spelling), but the rulebook judges
    the word said: イス shares no kanji with 帽子; 河 shares one with 河童 though the
    partner reads it as 川."""
    ja = Partner.load("ja")
    rest = [w for w in load_words("ja").words if w not in ("帽子", "河童")]
    board = ja.board(["帽子", "河童", *rest[:23]])
    assert ja.clues[ja.check_clue(board, "イス", range(25))] == "イス"
    with pytest.raises(PartnerError) as refused:
        ja.check_clue(board, "河", range(25))
    assert refused.value.cell == 1  # part of 河童, and its kanji


def test_a_japanese_word_in_either_spelling_is_read_through_its_writers_links():
    """Writers wrote 豚 under 農場; a player types ブタ. The table reads the two as one
    word, so ブタ finds the farm as 豚 does."""
    ja = Partner.load("ja")
    assert ja.clue_index("ブタ") == ja.clue_index("豚")
    assert ja.clue_index("カネ") != ja.clue_index("鐘")  # money is not a bell
    rest = [w for w in load_words("ja").words if w not in ("農場", "豚")]
    words = ["農場", *rest[:24]]
    board = ja.board(words)
    know = Knowledge.fresh("B", "G" * 25)
    assert ja.guesser.guesses(board, know, "ブタ", 1)[0] == 0


def test_the_guesser_keeps_off_its_own_assassin_unless_the_clue_plainly_means_it(partner):
    """A card our own key shows as an assassin is the partner's a third of the time;
    a person touches it only when the clue plainly means it (held-out run h5: SKI 2
    had the partner touch its own assassin KITE first, at 2.2 units, and lose)."""
    from keystand.partner.guesser import PLAIN, STOP

    _words, board = _board(partner, 8)
    checked = kept = alone = 0
    for clue in partner.clues[: partner.table_clues : 3]:
        j = partner.clue_index(clue)
        ranked = sorted(range(25), key=lambda c: -board.score(c, j))
        best, fit, lead = ranked[0], board.score(ranked[0], j), board.score(ranked[1], j)
        plain = fit >= STOP + 1.5 and fit - lead >= 1.5
        only = 1.0 <= fit < STOP and fit - lead >= PLAIN  # the one card it points at
        if not (1.0 <= fit < STOP or plain):
            continue
        side = ["T"] * 25
        side[best] = "B"
        know = Knowledge.fresh("B", "".join(side))
        touched = partner.guesser.touches(board, know, clue, 2)
        if only:
            # a person does not clue their own assassin alone (h9: 毒リンゴ and 魔女)
            assert touched[0] == best, clue
            alone += 1
        elif fit < STOP:
            assert best not in touched, clue
            checked += 1
        else:
            assert touched[0] == best, clue  # plainly meant: touched, whatever the key
            kept += 1
    assert checked > 0 and kept > 0 and alone > 0


def test_a_word_too_vague_for_the_partner_to_say_is_still_understood():
    """*construction* and *dill* are on the confusing list, so the partner never says
    them; a person does (tuning run t3, held-out h5, both refused as unknown then).
    Its writers' links make them words the partner hears."""
    en = Partner.load("en")
    assert "construction" in lists.confusing("en")
    meant = ["bulldozer", "crane", "pickle"]
    words = [*meant, *[w for w in deal(load_words("en"), 4) if w not in meant][:22]]
    board = en.board(words)
    know = Knowledge.fresh("B", "T" * 25)
    assert set(en.guesser.touches(board, know, "construction", 2)) == {0, 1}
    assert en.guesser.touches(board, know, "dill", 1) == [2]
    assert en.clue_index("construction") >= en.table_clues  # never the giver's word


def test_a_card_the_writers_did_not_name_for_a_themed_word_is_not_taken_for_it():
    """The themes writers judged *talvi* (winter) against every card and named SUKSI
    and IGLU, not SYKSY (autumn), which the table's vectors put at 7.1 units from it,
    above both: a person touches the skis and the igloo for *talvi* 2 (held-out h8:
    the partner touched SYKSY first)."""
    from keystand.partner.core import UNNAMED

    fi = Partner.load("fi")
    assert "talvi" in lists.themed("fi")
    j = fi.clue_index("talvi")
    assert fi.table.row(fi._board_index["syksy"])[j] / fi.table.scale > 5.0  # the vectors
    meant = ["suksi", "iglu", "syksy"]
    words = [*meant, *[w for w in deal(load_words("fi"), 5) if w not in meant][:22]]
    board = fi.board(words)
    assert board.score(2, j) <= UNNAMED
    know = Knowledge.fresh("B", "T" * 25)
    assert set(fi.guesser.touches(board, know, "talvi", 2)) == {0, 1}


@pytest.mark.parametrize("seed", range(3))
def test_every_card_unnamed_for_a_themed_word_scores_at_most_unnamed(partner, seed):
    """For every clue word the themes writers judged against every card, a card on
    the board that neither they nor any writer linked or named weak for it scores at
    most UNNAMED, for the giver and the guesser alike; the cards they named keep the
    links' scores."""
    from keystand.partner.core import UNNAMED

    themed = lists.themed(partner.lang)
    words, board = _board(partner, seed)
    link_lines = lists.links(partner.lang)
    near_lines = lists.near(partner.lang)
    capped = named = 0
    for word in sorted(themed)[::7]:
        j = partner.clues.index(word) if word in partner.clues[: partner.table_clues] else None
        if j is None:
            continue
        for c, card in enumerate(words):
            mine = set(link_lines.get(card, ())) | set(near_lines.get(card, ()))
            backwards = card in link_lines.get(word, ())  # SEA under PIRATE's list
            if word in mine or backwards:
                named += 1
                continue
            assert board.rows[c][j] <= round(UNNAMED * board.scale), (word, card)
            capped += 1
    assert capped > 100 and named > 0


def test_the_giver_says_a_word_people_say_and_keeps_it_clear_of_an_assassin():
    """*noki* (soot) is no clue of the table's, but people say it and the themes
    writers judged it against every card: linked to NUOHOOJA and SAVUPIIPPU, named
    weak for KIUAS (a sauna stove). The giver says *noki* 2 for the sweep and the
    chimney; with the stove an assassin, a person may still take it for *noki*, and
    the giver says something else."""
    fi = Partner.load("fi")
    assert "noki" in lists.themed("fi") and fi.clue_index("noki") >= fi.table_clues
    near = {"takka", "sauna", "nuotio", "uuni", "kynttilä", "hiillos"}  # also sooty
    meant = ["nuohooja", "savupiippu", "kiuas"]
    words = [*meant, *[w for w in deal(load_words("fi"), 7) if w not in {*meant, *near}][:22]]
    board = fi.board(words)
    choice = fi.giver.clue(board, Knowledge.fresh("A", "GGT" + "T" * 22))
    assert choice is not None
    assert (choice.word, choice.number, set(choice.targets)) == ("noki", 2, {0, 1})
    choice = fi.giver.clue(board, Knowledge.fresh("A", "GGB" + "T" * 22))
    assert choice is not None and choice.word != "noki"


def test_a_word_beyond_the_table_the_giver_says_is_one_every_card_was_judged_for(partner):
    """When the giver says a word the table lacks, the themes writers judged it
    against every card; it is no form or part of a card on the board; each target is
    a card its writers linked to it; and no assassin is one they linked or named
    weak for it. The guesser reads those targets back, and only those."""
    from keystand.partner.giver import FLOOR

    themed = lists.themed(partner.lang)
    said = 0
    for seed in range(90):
        words, board = _board(partner, seed)
        side = seeded_layout(seed).side("A")
        know = Knowledge.fresh("A", side)
        choice = partner.giver.clue(board, know, seed=seed)
        assert choice is not None
        j = partner.clues.index(choice.word)
        if j < partner.table_clues:
            continue
        said += 1
        assert choice.word in themed
        assert not any(partner.clash(j, w) for w in words), (choice, words)
        for c in choice.targets:
            assert side[c] == "G" and board.extra[j][c] >= FLOOR, (choice, words[c])
            assert board.named(c, j), (choice, words[c])  # not from the card's side only
        for c in range(25):
            if side[c] == "B":
                assert board.extra[j][c] == 0 and c not in board.weak.get(j, ()), words[c]
        guesser_know = Knowledge.fresh("B", "T" * 25)
        touched = partner.guesser.touches(board, guesser_know, choice.word, choice.number)
        assert set(touched) == set(choice.targets), (choice, [words[c] for c in touched])
    assert said >= 2


def test_a_themed_word_read_as_two_words_still_leaves_unnamed_cards_alone():
    """*merieläin* (sea animal) is no word of the vocabulary; it reads as *meri* +
    *eläin*, and those parts put KENGURU at 3.6 units. Its themes writers judged it
    against every card and named the walrus, not the kangaroo: as for a word the
    build heard, the kangaroo scores at most UNNAMED, and for *merieläin* 2 the
    guesser touches the walrus and stops."""
    from keystand.partner.core import UNNAMED

    fi = Partner.load("fi")
    assert "merieläin" in lists.themed("fi")
    j = fi.clue_index("merieläin")
    assert j in fi._compounds
    meant = ["mursu", "kenguru"]
    words = [*meant, *[w for w in deal(load_words("fi"), 0) if w not in meant][:23]]
    board = fi.board(words)
    assert board.score(1, j) <= UNNAMED
    know = Knowledge.fresh("B", "T" * 25)
    assert fi.guesser.touches(board, know, "merieläin", 2) == [0]
