"""What a blind player is told, in the game's language: the brief, the table, the answer.

A giver sees the 25 words, one side of the key and the marks; a guesser the 25
words, the marks and the spoken clue. Nothing else reaches them: no word of the
project, of the partner, or of the other side's answers.
"""

from __future__ import annotations

from typing import Any

BRIEF = {
    ("en", "giver"): """\
You are playing Codenames Duet, the cooperative word game for two, as a careful native
speaker of English. This time you give the clues.

On the table lie 25 word cards. You hold one side of the key card, so you know which
words are your agents (your partner must find them), which are bystanders, and which
are assassins. Your partner sees the same 25 words, but not your key.

For each board below, give the one clue you would really give at the table:
- one English word and a number: how many of your agents the clue is for;
- the word may not be a word visible on the table, a form of one (a plural, another
  ending), a part of one, or a word that contains one; no names of people; everyday
  words, compounds and loanwords people use are all fine;
- your partner then touches words one at a time: one of your agents, and they may go
  on; a bystander ends the turn; an assassin loses the game at once.
Your partner is another careful native speaker who does not know how you think. Give
a clue they will follow: keep it well away from the assassins, and give a number you
believe they will reach. Each board is a separate game.

Also write down, for yourself, which of your agents you meant (your partner never
sees this).
""",
    ("en", "guesser"): """\
You are playing Codenames Duet, the cooperative word game for two, as a careful native
speaker of English. This time you guess.

On the table lie 25 word cards. Your partner holds a key card that shows which of the
words are their agents, which are bystanders and which are assassins; you cannot see
it. Your partner, another native speaker, has given you a clue: one word and a number,
how many of the words the clue is meant for.

You touch words one at a time. One of your partner's agents, and you may go on; a
bystander ends your turn; an assassin loses the game at once. You must touch at least
one word, and at most as many as the number. Stop earlier when you are no longer
confident: a wrong touch costs the turn, and an assassin the game.

For each board below, list the words you would touch, in the order you would touch
them. Each board is a separate game with a different partner.
""",
    ("fi", "giver"): """\
Pelaat Codenames Duetia, kahden pelaajan yhteistyösanapeliä, huolellisena pelaajana,
jonka äidinkieli on suomi. Tällä kertaa sinä annat vihjeet.

Pöydällä on 25 sanakorttia. Näet avainkortista oman puolesi: tiedät, mitkä sanat ovat
agenttejasi (pelikaverisi pitää löytää ne), mitkä sivullisia ja mitkä salamurhaajia.
Pelikaverisi näkee samat 25 sanaa mutta ei avaintasi.

Anna kullekin alla olevalle pöydälle se vihje, jonka todella antaisit pelissä:
- yksi suomen kielen sana ja numero: kuinka moneen agenttiisi vihje viittaa;
- vihje ei saa olla pöydällä näkyvä sana, sen taivutusmuoto, sen osa eikä yhdyssana,
  jonka osana se on; ei henkilöiden nimiä; arkiset sanat, yhdyssanat ja suomessa
  käytetyt lainasanat käyvät;
- pelikaverisi koskee sanoihin yksi kerrallaan: jos sana on agenttisi, hän voi jatkaa;
  sivullinen päättää vuoron; salamurhaaja häviää pelin heti.
Pelikaverisi on toinen huolellinen suomalainen pelaaja, joka ei tiedä, miten sinä
ajattelet. Anna vihje, jota hän pystyy seuraamaan: pidä se kaukana salamurhaajista ja
anna numero, johon uskot hänen pääsevän. Jokainen pöytä on oma pelinsä.

Kirjoita myös itsellesi, mitä agenttejasi tarkoitit (pelikaverisi ei näe tätä).
""",
    ("fi", "guesser"): """\
Pelaat Codenames Duetia, kahden pelaajan yhteistyösanapeliä, huolellisena pelaajana,
jonka äidinkieli on suomi. Tällä kertaa sinä arvaat.

Pöydällä on 25 sanakorttia. Pelikaverisi avainkortti näyttää, mitkä sanoista ovat hänen
agenttejaan, mitkä sivullisia ja mitkä salamurhaajia; sinä et näe sitä. Pelikaverisi,
toinen suomalainen pelaaja, on antanut sinulle vihjeen: yhden sanan ja numeron, joka
kertoo, kuinka moneen pöydän sanaan vihje viittaa.

Kosket sanoihin yksi kerrallaan. Jos sana on pelikaverisi agentti, voit jatkaa;
sivullinen päättää vuorosi; salamurhaaja häviää pelin heti. Sinun on koskettava
vähintään yhteen sanaan ja enintään niin moneen kuin numero on. Lopeta aiemmin, kun et
ole enää varma: väärä kosketus maksaa vuoron ja salamurhaaja koko pelin.

Luettele kunkin alla olevan pöydän kohdalla sanat, joihin koskisit, siinä järjestyksessä
kuin koskisit niihin. Jokainen pöytä on oma pelinsä eri pelikaverin kanssa.
""",
    ("ja", "giver"): """\
あなたは協力型の2人用ワードゲーム『コードネーム：デュエット』を、日本語を母語とする
慎重なプレイヤーとして遊びます。今回はあなたがヒントを出します。

テーブルには25枚のワードカードが並んでいます。あなたはキーカードの自分側を見ているので、
どの単語があなたのエージェント（相方に見つけてもらう単語）で、どれが一般人、どれが
暗殺者かを知っています。相方は同じ25語を見ていますが、あなたのキーカードは見えません。

下の各テーブルについて、実際の対局で出すヒントを一つ出してください。
- 日本語の単語1つと数字：そのヒントがあなたのエージェントの何枚を指すか。
- テーブルに見えている単語そのもの、その一部、それを含む語、同じ読みの語はヒントに
  できません。見えている単語と同じ漢字を一字でも含む語も、読みが違っても使えません
  （「花火」が見えていれば「花束」も「火山」も不可）。人名も不可です。普段使う言葉、
  複合語、日本語として使われている外来語はどれも使えます。
- 相方は単語を1枚ずつタッチします。あなたのエージェントなら続けられ、一般人なら
  ターン終了、暗殺者ならその場でゲームに負けます。
相方はあなたの考え方を知らない、もう一人の慎重な日本人プレイヤーです。相方がたどれる
ヒントを出してください。暗殺者からは十分に離し、相方が届くと思う数字にしてください。
テーブルはそれぞれ別のゲームです。

また、どのエージェントを指すつもりだったかも書いてください（相方には見えません）。
""",
    ("ja", "guesser"): """\
あなたは協力型の2人用ワードゲーム『コードネーム：デュエット』を、日本語を母語とする
慎重なプレイヤーとして遊びます。今回はあなたが推理する側です。

テーブルには25枚のワードカードが並んでいます。相方のキーカードには、どの単語が相方の
エージェントで、どれが一般人、どれが暗殺者かが示されていますが、あなたには見えません。
相方（もう一人の日本人プレイヤー）があなたにヒントを出しました。単語1つと数字で、
数字はそのヒントがテーブルの何枚の単語を指すかです。

単語を1枚ずつタッチします。相方のエージェントなら続けられます。一般人ならターン終了、
暗殺者ならその場でゲームに負けます。少なくとも1枚、多くても数字の枚数までタッチします。
自信がなくなったら途中でやめてください。間違えるとターンを失い、暗殺者ならゲームを
失います。

下の各テーブルについて、タッチする単語をタッチする順に挙げてください。テーブルは
それぞれ別の相方との別のゲームです。
""",
}

# Words of the table's view, per language.
TEXT: dict[str, dict[str, str]] = {
    "en": {
        "board": "Board {n}",
        "table": "The table:",
        "covered": "[covered]",
        "agents": "Your agents (not found yet)",
        "assassins": "Assassins",
        "bystanders": "Bystanders",
        "none": "none",
        "turns": "Turns left in this game, this one included: {t}.",
        "found": "Agents already found are covered ({k} in all).",
        "out_g": "Your partner already touched these, and they were bystanders for you: "
                 "they cannot touch them again: {w}.",
        "mine_g": "You touched these earlier, and they were bystanders for your partner: "
                  "they are still on the table for your partner: {w}.",
        "out_q": "(×) you touched it earlier in this game and it was a bystander for your "
                 "partner: it is not one of their agents, and you may not touch it.",
        "mine_q": "(·) your partner touched it earlier: it can still be one of your "
                  "partner's agents.",
        "clue": "Your partner's clue: {word} {number}",
        "answer_g": "Answer: think as you like, then end your reply with one JSON block, one "
                    "entry per board, exactly in this shape:",
        "answer_q": "Answer: think as you like, then end your reply with one JSON block, one "
                    "entry per board, exactly in this shape (the words as written on the "
                    "table; add \"unknown\": true only if the clue word means nothing to "
                    "you, and still touch your best guess):",
    },
    "fi": {
        "board": "Pöytä {n}",
        "table": "Pöytä:",
        "covered": "[peitetty]",
        "agents": "Agenttisi (ei vielä löydetty)",
        "assassins": "Salamurhaajat",
        "bystanders": "Sivulliset",
        "none": "ei yhtään",
        "turns": "Vuoroja jäljellä tämä mukaan lukien: {t}.",
        "found": "Jo löydetyt agentit on peitetty (yhteensä {k}).",
        "out_g": "Pelikaverisi on jo koskenut näihin, ja ne olivat sinulle sivullisia; hän ei "
                 "voi koskea niihin uudelleen: {w}.",
        "mine_g": "Sinä kosketit näihin aiemmin, ja ne olivat pelikaverillesi sivullisia; ne "
                  "ovat yhä pöydällä pelikaverillesi: {w}.",
        "out_q": "(×) kosketit tähän aiemmin tässä pelissä, ja se oli pelikaverillesi "
                 "sivullinen: se ei ole hänen agenttinsa, etkä voi koskea siihen.",
        "mine_q": "(·) pelikaverisi koski tähän aiemmin: se voi yhä olla pelikaverisi "
                  "agentti.",
        "clue": "Pelikaverisi vihje: {word} {number}",
        "answer_g": "Vastaus: mieti vapaasti ja lopeta vastauksesi yhteen JSON-lohkoon, yksi "
                    "rivi kutakin pöytää kohden, täsmälleen tässä muodossa:",
        "answer_q": "Vastaus: mieti vapaasti ja lopeta vastauksesi yhteen JSON-lohkoon, yksi "
                    "rivi kutakin pöytää kohden, täsmälleen tässä muodossa (sanat niin kuin "
                    "ne on pöydälle kirjoitettu; lisää \"unknown\": true vain, jos vihjesana "
                    "ei merkitse sinulle mitään, ja koske silti parhaaseen arvaukseesi):",
    },
    "ja": {
        "board": "テーブル {n}",
        "table": "テーブル：",
        "covered": "［済］",
        "agents": "あなたのエージェント（まだ見つかっていない）",
        "assassins": "暗殺者",
        "bystanders": "一般人",
        "none": "なし",
        "turns": "このゲームの残りターン（このターンを含む）：{t}",
        "found": "見つかったエージェントは［済］で覆われています（計{k}枚）。",
        "out_g": "相方がすでにタッチし、あなたにとって一般人だった単語（相方はもうタッチでき"
                 "ません）：{w}",
        "mine_g": "あなたが以前タッチし、相方にとって一般人だった単語（相方はまだタッチでき"
                  "ます）：{w}",
        "out_q": "(×) このゲームであなたが以前タッチし、相方にとって一般人だった単語。相方の"
                 "エージェントではなく、もうタッチできません。",
        "mine_q": "(·) 相方が以前タッチした単語。相方のエージェントである可能性はあります。",
        "clue": "相方のヒント：{word} {number}",
        "answer_g": "回答：自由に考えてから、最後にJSONブロックを一つ、テーブルごとに1項目で、"
                    "この形のとおりに書いてください：",
        "answer_q": "回答：自由に考えてから、最後にJSONブロックを一つ、テーブルごとに1項目で、"
                    "この形のとおりに書いてください（単語はテーブルに書かれたとおりに。ヒントの"
                    "単語がまったく分からないときだけ \"unknown\": true を加え、それでも一番の"
                    "推測をタッチしてください）：",
    },
}

EXAMPLE = {
    "giver": '```json\n[\n  {"board": 1, "clue": "WORD", "number": 2, "meant": ["WORD", "WORD"]},\n'
             '  {"board": 2, "clue": "WORD", "number": 1, "meant": ["WORD"]}\n]\n```',
    "guesser": '```json\n[\n  {"board": 1, "touch": ["WORD", "WORD"]},\n'
               '  {"board": 2, "touch": ["WORD"]}\n]\n```',
}


def _grid(cells: list[str]) -> str:
    width = max(_width(c) for c in cells) + 2
    lines = []
    for r in range(5):
        row = cells[r * 5 : r * 5 + 5]
        lines.append("  " + "".join(c + " " * (width - _width(c)) for c in row).rstrip())
    return "\n".join(lines)


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def giver_view(lang: str, n: int, view: dict[str, Any]) -> str:
    """One board for a giver: the words as laid, their own side and the marks."""
    t = TEXT[lang]
    words = view["words"]
    cells = [t["covered"] if view["covered"][c] else words[c] for c in range(25)]
    side = view["side"]
    open_ = [c for c in range(25) if not view["covered"][c]]

    def listed(role: str) -> str:
        got = [words[c] for c in open_ if side[c] == role]
        return ", ".join(got) if got else t["none"]

    out = [t["board"].format(n=n), t["table"], _grid(cells), ""]
    out.append(f"{t['agents']}: {listed('G')}")
    out.append(f"{t['assassins']}: {listed('B')}")
    out.append(f"{t['bystanders']}: {listed('T')}")
    if view["found"]:
        out.append(t["found"].format(k=view["found"]))
    if view["guesser_marks"]:
        out.append(t["out_g"].format(w=", ".join(words[c] for c in view["guesser_marks"])))
    if view["giver_marks"]:
        out.append(t["mine_g"].format(w=", ".join(words[c] for c in view["giver_marks"])))
    out.append(t["turns"].format(t=view["tokens"]))
    return "\n".join(out)


def guesser_view(lang: str, n: int, view: dict[str, Any], word: str, number: int) -> str:
    """One board for a guesser: the words as laid, the marks, the clue."""
    t = TEXT[lang]
    words = view["words"]
    cells = []
    for c in range(25):
        if view["covered"][c]:
            cells.append(t["covered"])
        elif c in view["guesser_marks"]:  # the guesser's own bystander token
            cells.append(words[c] + "(×)")
        elif c in view["giver_marks"]:  # the giver's token: still open to the guesser
            cells.append(words[c] + "(·)")
        else:
            cells.append(words[c])
    out = [t["board"].format(n=n), t["table"], _grid(cells), ""]
    if view["guesser_marks"]:
        out.append(t["out_q"])
    if view["giver_marks"]:
        out.append(t["mine_q"])
    if view["found"]:
        out.append(t["found"].format(k=view["found"]))
    out.append(t["turns"].format(t=view["tokens"]))
    out.append("")
    out.append(t["clue"].format(word=word, number=number))
    return "\n".join(out)


def prompt(lang: str, role: str, boards: list[str]) -> str:
    """A whole session's prompt: the brief, the boards, the answer asked for."""
    t = TEXT[lang]
    key = "answer_g" if role == "giver" else "answer_q"
    parts = [BRIEF[(lang, role)].rstrip(), "", *(b + "\n" for b in boards), t[key], "",
             EXAMPLE[role], ""]
    return "\n".join(parts)
