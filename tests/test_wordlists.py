"""The word lists as language tools read them (rules: docs/books.md).

Each test names every offending word and the rule it breaks. The tools are the
`test` extra (wordfreq, libvoikko, fugashi + unidic-lite, snowballstemmer,
kanji-lists, joyokanji, jaconv) and Debian's libvoikko1, voikko-fi and wordnet,
all installed by scripts/test.
"""

from __future__ import annotations

import pytest

import wordcheck as wc
from keystand.books import words as wl


def _words(lang: str) -> tuple[str, ...]:
    return wl.load(lang).words


def _report(found: list[str]) -> str:
    return f"{len(found)} problem(s):\n" + "\n".join(found)


@pytest.mark.parametrize("lang", wl.LANGS)
def test_every_word_is_one_players_know(lang):
    found = wc.rare_words(_words(lang), lang, wc.rules(lang).floor)
    assert not found, _report(found)


@pytest.mark.parametrize("lang", wl.LANGS)
def test_no_two_synonyms_and_no_refused_word(lang):
    r = wc.rules(lang)
    found = wc.synonym_clashes(_words(lang), r.synonyms) + wc.refused_words(_words(lang), r.refused)
    assert not found, _report(found)


@pytest.mark.parametrize("lang", wl.LANGS)
def test_every_list_passes_every_rule(lang):
    found = wc.check(lang)
    assert not found, _report(found)


@pytest.mark.parametrize("lang", ["fi", "ja"])
def test_the_floors_are_one_floor_across_languages(lang):
    # Each floor is English's moved by the language's measured frequency offset
    # over the same everyday nouns, so "a word players know" means the same in each.
    expected = wc.rules("en").floor + wc.frequency_offset(lang)
    assert wc.rules(lang).floor == pytest.approx(expected, abs=0.1)


def test_english_words_are_nouns_with_one_stem_each():
    words = _words("en")
    found = wc.english_non_nouns(words) + wc.shared_parts(wc.english_stems(words), "stem")
    assert not found, _report(found)


def test_finnish_words_are_nominative_nouns_without_shared_compound_members():
    words = _words("fi")
    members = {w: wc.finnish_members(w) for w in words}
    found = wc.finnish_non_nouns(words) + wc.shared_parts(members, "compound member")
    assert not found, _report(found)


def test_japanese_words_have_distinct_readings_and_usual_spellings():
    words = _words("ja")
    found = (
        wc.japanese_non_nouns(words)
        + wc.japanese_same_reading(words)
        + wc.shared_parts(wc.japanese_same_word(words), "UniDic lemma")
        + wc.japanese_variants(words)
        + wc.japanese_unusual_spellings(words)
    )
    assert not found, _report(found)


# The checks catch the mistakes the review found in the old lists.


def test_english_checks_catch_adjectives_plurals_synonyms_rare_words_and_stems():
    found = "\n".join(
        wc.check("en", ("polar", "fireworks", "violin", "fiddle", "xylophone", "dances", "dancing"))
    )
    assert "polar: not a noun headword in WordNet" in found
    assert "fireworks: not a noun headword in WordNet" in found
    assert "violin / fiddle: synonyms" in found
    assert "xylophone: 2.37 on wordfreq's Zipf scale, below the floor 2.5" in found
    assert "dances / dancing: share the Snowball stem 'danc'" in found


def test_finnish_checks_catch_misspellings_plurals_adjectives_stems_and_colloquialisms():
    words = ("sateenvaari", "saappaat", "yksisarvinen", "pilvi", "pilvenpiirtäjä", "lippis",
             "norsu", "elefantti", "sateenvarjo", "varjo")  # fmt: skip
    found = "\n".join(wc.check("fi", words))
    assert "sateenvaari: 0.00 on wordfreq's Zipf scale" in found
    assert "saappaat: not a common noun in the nominative singular by Voikko (saapas" in found
    assert "yksisarvinen: not a common noun in the nominative singular" in found
    assert "pilvi / pilvenpiirtäjä: share the compound member 'pilvi'" in found
    assert "sateenvarjo / varjo: share the compound member 'varjo'" in found
    assert "lippis: refused (colloquial" in found
    assert "norsu / elefantti: synonyms" in found


def test_japanese_checks_catch_script_pairs_homophones_variants_and_rare_kanji():
    words = ("ヒツジ", "羊", "橋", "箸", "蟬", "兎", "國旗", "消防車", "消防署", "バッタ")
    found = "\n".join(wc.check("ja", words))
    assert "ヒツジ / 羊: the same reading ヒツジ" in found
    assert "ヒツジ / 羊: share the UniDic lemma '羊'" in found
    assert "橋 / 箸: the same reading ハシ" in found
    assert "蟬: 蟬 is not Jōyō and 蟬 (1.41) is not the usual spelling (セミ" in found
    assert "兎: 兎 is not Jōyō" in found and "(ウサギ" in found
    assert "國旗: holds an old character form (today written 国旗)" in found
    assert "消防車 / 消防署: share the UniDic lemma '消防'" in found
    assert "バッタ: not a noun by UniDic" in found


def test_usual_spelling_is_judged_by_frequency_among_one_words_spellings():
    # 狐 is outside Jōyō but the most used way to write the word; ヒツジ is not.
    assert wc.japanese_unusual_spellings(("狐", "羊")) == []
    assert wc.japanese_unusual_spellings(("ヒツジ",)) == [
        "ヒツジ: usually written 羊 (4.14 against 2.92)"
    ]
