"""The shared rendering core: wrapping, tables, card colours, dispatch, no rich for text."""

from __future__ import annotations

import re
import subprocess
import sys

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import numrules
from numrules import UnknownGameError
from numrules.core.cards import FAMILIES, Special, family_card, special_card
from numrules.core.render import (
    FAMILY_STYLES,
    SPECIAL_STYLE,
    Cell,
    Column,
    Items,
    Layout,
    Sheet,
    item,
    layout_of,
    num_card,
    render_rich,
    render_text,
    wrapped,
)

words = st.lists(st.text("abcdefgh", min_size=1, max_size=9), max_size=40)


@given(words, st.integers(20, 100), st.integers(0, 12), st.sampled_from([" ", ", ", " | "]))
def test_wrapped_lines_fit_and_keep_every_item_in_order(
    texts: list[str], width: int, indent: int, sep: str
) -> None:
    lines = wrapped(item(">> "), [item(t) for t in texts], width, indent, sep)
    plain = ["".join(span.text for span in line) for line in lines]
    assert all(len(line) <= width for line in plain)
    assert plain[0].startswith(">>")
    assert all(line.startswith(" " * indent) and line.strip() for line in plain[1:])
    assert re.findall("[a-h]+", "\n".join(plain)) == texts
    assert all(line.endswith(sep.rstrip()) for line in plain[:-1])


@given(st.lists(st.tuples(st.text("xyz", max_size=14), st.integers(0, 10**6)), min_size=1))
def test_a_table_aligns_its_columns_and_wraps_its_last(rows: list[tuple[str, int]]) -> None:
    sheet = Sheet(width=40)
    listed = Items(tuple(item("ab") for _ in range(12)))
    cells: list[list[Cell]] = [[name, str(number), listed] for name, number in rows]
    sheet.table([Column("label"), Column("num", right=True), Column("list")], cells)
    lines = sheet.layout().text().split("\n")
    assert all(len(line) <= 40 for line in lines)
    header = lines[0]
    end = header.index("num") + 3
    numbered = [line for line in lines[1:] if line[:end].strip()]
    assert len(numbered) == len(rows)
    for line, (_, number) in zip(numbered, rows, strict=True):
        assert line[:end].endswith(str(number))
    start = header.index("list")
    assert all(line[start:].startswith("ab") for line in lines[1:])


def test_num_cards_take_their_family_colour_or_the_special_style() -> None:
    for family in FAMILIES:
        (span, *_) = num_card(family_card(family, 7))
        assert span.card
        assert span.style == FAMILY_STYLES[family]
    (span, *_) = num_card(special_card(Special.JOKER))
    assert span.style == SPECIAL_STYLE


@attrs.frozen
class Toy:
    words: tuple[str, ...]


def toy_layout(toy: Toy) -> Layout:
    sheet = Sheet()
    sheet.wrap("words: ", [item(w) for w in toy.words])
    return sheet.layout()


def test_the_renderer_is_the_games_and_both_forms_agree() -> None:
    toy = Toy(("red", "blue") * 30)
    with pytest.raises(UnknownGameError, match="no available game has observations of type Toy"):
        render_text(toy)
    text = toy_layout(toy).text()
    assert toy_layout(toy).rich().plain == text
    assert len(text.split("\n")) > 1
    for game in numrules.all_games():
        observation = game.observe(game.new_game(game.Config(players=game.min_players), 1), 0)
        assert layout_of(observation) == game.render(observation)
        assert render_text(observation) == str(observation) == game.render(observation).text()
        assert render_rich(observation).plain == str(observation)


def test_plain_text_needs_no_rich() -> None:
    code = (
        "import sys\n"
        "import numrules\n"
        "for game in numrules.all_games():\n"
        "    state = game.new_game(game.Config(players=game.min_players), 1)\n"
        "    assert str(game.observe(state, 0)) and str(game.observe(state, None))\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'rich'], 'rich was imported'\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout == "ok\n", done.stderr
