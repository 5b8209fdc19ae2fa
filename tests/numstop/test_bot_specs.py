"""Specs of the Num Stop search bot that worked before the declared options still build."""

from __future__ import annotations

import pytest

from numrules import check_bot, make_bot, parse_bot
from numrules import numstop as ns
from numrules.core.bots import parse_bot_spec
from numrules.numstop.strategy.search_bot import SearchBot

OLD_SPECS = [
    "search?samples=3&horizon=own&late=30&lock=search",
    "search?samples=16&horizon=next&reward=own&lock=heuristic",
    "search?greed=2",
]


@pytest.mark.parametrize("text", OLD_SPECS)
def test_the_search_specs_that_worked_before_still_build(text: str) -> None:
    assert isinstance(make_bot(text, 3, ns.GAME), SearchBot)
    base, options = parse_bot_spec(text)
    assert (base, options) == (parse_bot(text).name, parse_bot(text).keywords())
    # As a server checks a spec: closed, no import path, bounded numbers and work.
    checked = check_bot(text, ns.GAME, closed=True, imports=False, max_number=2000, max_work=2000)
    assert str(parse_bot(str(checked))) == str(checked)
