"""Property tests: random key cards, random legal games, the invariants hold."""

from hypothesis import given, settings
from hypothesis import strategies as st

from keystand.rules.actions import AssassinHit, BystanderHit, Clue, GameOver, Guess, Pass, Penalty
from keystand.rules.errors import IllegalAction
from keystand.rules.game import apply, new_game
from keystand.rules.keygen import seeded_layout
from keystand.rules.layout import PAIR_COUNTS
from keystand.rules.ranking import TOTAL, unrank
from keystand.rules.setup import Rules

CANDIDATES = (
    [Clue(s, n) for s in "AB" for n in (0, 1, 2, 3)]
    + [Guess(s, c) for s in "AB" for c in range(25)]
    + [Pass("A"), Pass("B"), Penalty()]
)

rules_st = st.builds(
    lambda ruleset, t, m, order: Rules(ruleset, t, min(m, t), order),
    st.sampled_from(["duet", "paper"]),
    st.integers(1, 12),
    st.integers(0, 12),
    st.sampled_from(["strict", "loose"]),
)


def legal_moves(state):
    from keystand.screens.reasons import REFUSALS

    moves = []
    for action in CANDIDATES:
        try:
            moves.append((action, apply(state, action)))
        except IllegalAction as exc:
            # Every refusal names a reason the seat screens can say in any language.
            assert exc.reason in REFUSALS and exc.reason != "not_allowed", str(exc)
    return moves


@settings(max_examples=150, deadline=None)
@given(st.integers(0, TOTAL - 1), rules_st, st.data())
def test_random_legal_games_keep_the_invariants(rank_, rules, data):
    layout = unrank(rank_)
    state = new_game(layout, rules)
    for _ in range(80):
        moves = legal_moves(state)
        if state.phase == "over":
            assert moves == []
            break
        assert moves, f"no legal move in phase {state.phase}"
        action, (after, events) = data.draw(st.sampled_from(moves))
        # Covered cells can never be guessed by anyone.
        for i in range(25):
            if state.out_of_play(i):
                assert all(not (isinstance(a, Guess) and a.cell == i) for a, _ in moves)
        _check(state, action, after, events)
        state = after


def _check(before, action, after, events):
    assert after.tokens_left >= 0 and after.bystander_left >= 0
    if after.rules.ruleset == "duet":
        assert after.bystander_left <= after.tokens_left
    assert 0 <= after.agents_found <= 15
    assert after.agents_found == sum(1 for a in after.agents if a)
    assert after.tokens_left <= before.tokens_left
    assert after.agents_found >= before.agents_found
    # The game ends exactly when it should.
    ended = [e for e in events if isinstance(e, GameOver)]
    assert (after.phase == "over") == bool(ended) == (after.outcome != "playing")
    if after.agents_found == 15:
        assert after.outcome == "won"
    if after.outcome == "won":
        assert after.agents_found == 15
    if any(isinstance(e, AssassinHit) for e in events):
        assert (after.outcome, after.reason) == ("lost", "assassin")
    if before.phase == "sudden_death" and any(isinstance(e, BystanderHit) for e in events):
        assert (after.outcome, after.reason) == ("lost", "sudden_death")
    if after.outcome == "lost" and after.reason == "out_of_tokens":
        # The bank could not pay: no bystander-side token (mistake box) left, or
        # nothing at all left for a penalty.
        assert before.tokens_left < 2
        assert before.bystander_left == 0 or before.tokens_left == 0
    if after.phase == "sudden_death":
        assert after.tokens_left == 0
    if after.phase == "clue":
        assert after.tokens_left > 0
    if after.phase == "guessing" and after.tokens_left == 0:
        # The turn's last token is gone: paper ticked it with the clue, or a penalty
        # took it; the turn goes on and sudden death follows it.
        assert (
            after.rules.ruleset == "paper"
            or isinstance(action, Penalty)
            or (before.phase == "guessing" and before.tokens_left == 0)
        )
    if after.phase == "over" and after.outcome == "won":
        assert after.score is not None
    else:
        assert after.score is None


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 1000))
def test_every_generated_layout_has_the_distribution(seed, index):
    from collections import Counter

    assert Counter(seeded_layout(seed, index).pairs) == PAIR_COUNTS
