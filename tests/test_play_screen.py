"""`numrules play` screens fit 80x24: the layout of a decision, the account of events,
`--auto-forced`, `last`, `show`, the pager, the hot-seat hand-over and `--seat`."""

from __future__ import annotations

import io
import itertools
import re
from typing import Any

import pytest
from click.testing import CliRunner

import numrules
from numrules.apps.cli import _build
from numrules.apps.play import (
    CLEAR,
    CLEAR_SCROLLBACK,
    EVENT_LINES,
    RUN_LINES,
    PlayError,
    Session,
    Terminal,
    condensed,
    error_text,
    fit_screen,
    open_session,
    seat_plan,
)
from numrules.core.render import Layout, Span
from tests.playing import Policy, short_options

SA = numrules.get_game("stackattack")
PROMPT = re.compile(r"^seat (\d)(?: \[Enter: pass\])?> $")


class Watcher(Policy):
    """A `Policy` human that checks, at each prompt, the decision screen just written.

    It reads the seat's events from the session's state itself (not from the screen):
    the screen must show the header, fit in 24 lines of 80 columns, and tell the last
    of those events.
    """

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.game = game
        self.session: Session | None = None
        self.seen = 0  # seat 0's events at its last prompt
        self.written = 0  # the output's length at the last prompt
        self.checked = 0

    def ask(self, prompt: str) -> str:
        assert self.session is not None
        if PROMPT.match(prompt):
            self.check(self.text()[self.written :])
        answer = super().ask(prompt)
        self.written = len(self.text())
        return answer

    def check(self, block: str) -> None:
        assert self.session is not None
        lines = block.rstrip("\n").split("\n")
        header = max(i for i, line in enumerate(lines) if line.startswith(f"{self.game.title} | "))
        screen = lines[header:]
        assert len(screen) + 1 <= 24, "\n".join(screen)  # with the prompt: 24 lines
        assert all(len(line) <= 80 for line in screen)
        events = self.game.events(self.session.state, 0)
        new = [str(event) for event in events[self.seen :]]
        self.seen = len(events)
        if new:
            # The last event is told (its words in order, but its seat's, which a run
            # of the same seat's events names once).
            words = new[-1].split()
            if words[0] == "seat":
                words = words[2:]
            told = " ".join(screen).split()
            assert _in_order(words, told), (new[-1], "\n".join(screen))
        self.checked += 1


def _in_order(words: list[str], text: list[str]) -> bool:
    it = iter(text)
    return all(any(word == other for other in it) for word in words)


def _tables() -> list[tuple[str, int, int]]:
    # Every game of the registry at its smallest table and at a large one (6 seats at
    # most), each a short game (its quick options).
    tables = []
    for name in numrules.game_names():
        g = numrules.get_game(name)
        tables.append((name, g.min_players, 1))
        tables.append((name, min(6, g.max_players), 2))
    return tables


@pytest.mark.parametrize(("game", "players", "seed"), _tables())
def test_every_decision_fits_80x24_with_its_header_and_last_events(
    game: str, players: int, seed: int
) -> None:
    g = numrules.get_game(game)
    watcher = Watcher(g)
    options = short_options(game)[1]
    session = open_session(
        game, watcher, seed=seed, bots="heuristic", players=players, options=options
    )
    watcher.session = session
    assert session.run()
    assert watcher.checked >= 2


# --- the account of events ---------------------------------------------------------------


def test_similar_events_merge_and_a_seat_s_run_shares_a_line() -> None:
    sentences = [
        "seat 1 draws Y4 from stock A",
        "seat 1 draws G0 from stock A",
        "seat 1 draws R4 from stock A",
        "seat 1 discards SH1 and keeps its pile",
        "seat 2 plays R3",
        "seat 3 plays B5",
        "the trick closes",
    ]
    assert condensed(sentences) == [
        ["  seat 1 draws Y4 G0 R4 from stock A; discards SH1 and keeps its pile"],
        ["  seat 2 plays R3; seat 3 plays B5"],
        ["  the trick closes"],
    ]


def test_a_long_run_of_one_seat_is_one_summary_line() -> None:
    validation = [
        "seat 1 passes on large_straight, which stays open",
        *(f"seat 1 picks {card} for full_house" for card in ("R4", "B2", "G4", "Y4", "RB2")),
        "seat 1 validates full_house R4 B2 G4 Y4 RB2 for 31 points",
        *(f"seat 1 picks {card} for pair" for card in ("R3", "Y3")),
        "seat 1 validates pair R3 Y3 for 6 points",
        "seat 1 is done validating: 2 objectives, 37 points in all",
        "the game ends",
    ]
    items = condensed(validation)
    assert items == [
        ["  seat 1 (11 events) ... is done validating: 2 objectives, 37 points in all"],
        ["  the game ends"],
    ]
    # A shorter run stays whole, on at most RUN_LINES lines.
    short = condensed(validation[1:7])
    assert len(short) == 1
    assert len(short[0]) <= RUN_LINES
    assert "picks R4 B2 G4 Y4 RB2 for full_house; validates full_house" in " ".join(short[0])


def test_events_wrap_between_words_to_the_width() -> None:
    reveal = "turn 1 reveal: " + ", ".join(f"seat {s} {10 * s + 3}" for s in range(6))
    (item,) = condensed([reveal], width=40)
    assert len(item) > 1
    assert all(len(line) <= 40 for line in item)
    assert item[0].startswith("  turn 1")
    assert item[1].startswith("    ")
    assert " ".join(" ".join(item).split()) == reveal


# --- fitting a decision ------------------------------------------------------------------


def _layout(*sections: int) -> Layout:
    # A head of two lines, then parts of the given sizes (their lines say which part).
    lines: list[tuple[Span, ...]] = [(Span("Game | round 0 | seat 0's view"),), (Span("To act"),)]
    for number, size in enumerate(sections):
        lines.append(())
        lines += [(Span(f"part {number} line {i}"),) for i in range(size)]
    return Layout(tuple(lines))


def _text(layout: Layout) -> list[str]:
    return layout.text().split("\n")


def test_a_screen_that_fits_is_shown_whole() -> None:
    events = [["  seat 1 plays R3"], ["  seat 2 plays B5"]]
    screen = fit_screen(_layout(3, 4), events, "Since:", 2)
    assert _text(screen.layout) == [*_text(_layout(3, 4)), ""]
    assert screen.events == ("Since:", "  seat 1 plays R3", "  seat 2 plays B5")
    assert not screen.cut


def test_the_largest_parts_are_left_out_first_and_the_header_always_stays() -> None:
    events = [[f"  event {i}"] for i in range(3)]
    screen = fit_screen(_layout(3, 15, 4), events, "Since:", 2)
    text = _text(screen.layout)
    assert text[0].startswith("Game | ")
    assert not any(line.startswith("part 1") for line in text)  # the largest, left out
    assert sum(line.startswith(("part 0", "part 2")) for line in text) == 7
    assert "show shows it all" in text[-2]
    assert screen.cut
    assert screen.events[-1] == "  event 2"
    assert len(text) + len(screen.events) + 2 <= 24


def test_old_events_give_way_but_the_last_ones_stay() -> None:
    events = [[f"  event {i}"] for i in range(40)]
    screen = fit_screen(_layout(3, 3), events, "Since:", 3)
    assert screen.events[0] == "Since:"
    assert "last lists them" in screen.events[1]
    assert screen.events[-1] == "  event 39"
    assert len(screen.events) - 2 >= EVENT_LINES
    assert len(_text(screen.layout)) + len(screen.events) + 3 <= 24
    # A taller screen shows more of them.
    taller = fit_screen(_layout(3, 3), events, "Since:", 3, (80, 40))
    assert len(taller.events) > len(screen.events)


def test_a_table_of_one_tall_part_is_cut_after_its_first_lines() -> None:
    tall = Layout(tuple((Span(f"line {i}"),) for i in range(40)))
    screen = fit_screen(tall, [["  seat 1 plays R3"]], "Since:", 2)
    text = _text(screen.layout)
    assert text[0] == "line 0"
    assert "show shows it all" in text[-1]
    assert screen.cut
    assert screen.events == ("Since:", "  seat 1 plays R3")
    assert len(text) + len(screen.events) + 2 == 24


# --- commands, options and the hand-over -------------------------------------------------


class Answers(Terminal):
    """A terminal whose person answers from a list (then 1 to everything), on a screen of
    80x24 whose pager is recorded instead of shown."""

    def __init__(self, answers: list[str], *, screen: bool = True) -> None:
        super().__init__(io.StringIO(), io.StringIO(), screen=screen, size=(80, 24))
        self.answers = list(answers)
        self.paged: list[str] = []
        self.prompts: list[str] = []
        self.pager = self.paged.append

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.output.write(prompt + "\n")
        if len(self.prompts) > 500:
            raise EOFError
        if self.answers:
            return self.answers.pop(0)
        return "" if "[Enter: pass]" in prompt else "1"

    def text(self) -> str:
        assert isinstance(self.output, io.StringIO)
        return self.output.getvalue()


def _session(game: str, terminal: Terminal, seed: int = 1, **options: Any) -> Session:
    players, rules = short_options(game)
    kwargs: dict[str, Any] = {"players": players, "options": rules, "bots": "random"}
    kwargs.update(options)
    return open_session(game, terminal, seed=seed, **kwargs)


def test_auto_forced_plays_the_only_action_without_asking() -> None:
    asked = Answers([])
    slow = _session("stackattack", asked)
    slow.run()
    forced = [p for p in asked.prompts if "[Enter" not in p]
    auto = Answers([])
    quick = _session("stackattack", auto, auto_forced=True)
    quick.run()
    # The same game (the only action is the one answer 1 picks), with fewer questions:
    # none for a decision of one action.
    assert quick.actions == slow.actions
    assert len(auto.prompts) < len(forced)
    blocks = auto.text().split("seat 0> \n")[:-1]
    assert all("2) " in block.rsplit("Your actions", 1)[1] for block in blocks)
    # The seat is told what was played for it at its next decision, or at the end.
    assert "seat 0 chooses" in auto.text()


def test_auto_forced_is_an_option_of_the_command() -> None:
    args = ["play", "stackattack", "--seed", "1", "--bots", "random", "--auto-forced"]
    rules = [word for option in short_options("stackattack")[1] for word in ("-o", option)]
    result = CliRunner().invoke(_build(), [*args, *rules], input="1\n" * 40)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert "Your actions, seat 0: 1) choose" in result.output
    for block in result.output.split("seat 0> ")[:-1]:
        assert "2) " in block.rsplit("Your actions", 1)[1]  # never a single action


def test_last_lists_the_events_in_full() -> None:
    terminal = Answers(["1", "last", "last 3", "last x"], screen=False)
    session = _session("numwars", terminal)
    session.run()
    out = terminal.text()
    after = out.split("seat 0> \n")
    # `last`: every event since the decision, one a line, as the game tells them.
    full = after[2].split("\n")
    assert full[0] == "Since your last decision (seat 0):"
    assert after[1].count("Since your last decision") == 1
    game = numrules.get_game("numwars")
    events = [line for line in full[1:] if line.startswith("  ")]
    assert events
    assert all(line.strip() in {str(e) for e in game.events(session.state, 0)} for line in events)
    # `last 3`: the last three events; `last x` says what it takes.
    assert after[3].startswith("The last 3 events (seat 0):")
    assert len([line for line in after[3].split("\n") if line.startswith("  ")]) == 3
    assert after[4].startswith("last takes a number of events")


def test_on_a_screen_help_rules_and_show_use_the_pager_then_show_the_decision_again() -> None:
    terminal = Answers(["help", "rules", "show", "quit", "y"])
    _session("numstop", terminal).run()
    help_text, rules_text, *shown = terminal.paged
    assert "draw A" in help_text
    assert "Commands:" in help_text
    assert "Num Stop" in rules_text
    assert not any(len(line) > 80 for line in rules_text.split("\n"))
    # The decision's screen leaves out part of the Num Stop table: show pages it whole.
    assert "scorecard" in shown[0]
    out = terminal.text()
    assert "show shows it all" in out
    assert out.count("Num Stop | classic | round 0 | start") == 4  # drawn again each time


def test_a_page_goes_through_the_pager_on_a_screen_only() -> None:
    paged: list[str] = []
    screen = Terminal(io.StringIO(), io.StringIO(), screen=True, pager=paged.append)
    screen.page("one\ntwo\n\n")
    assert paged == ["one\ntwo\n"]
    assert isinstance(screen.output, io.StringIO)
    assert screen.output.getvalue() == ""
    text = Terminal(io.StringIO(), io.StringIO(), pager=paged.append)
    text.page("one\ntwo")
    assert isinstance(text.output, io.StringIO)
    assert text.output.getvalue() == "one\ntwo\n"
    assert len(paged) == 1


def test_the_hot_seat_hand_over_clears_the_scrollback_too() -> None:
    terminal = Answers([])
    session = open_session(
        "stackattack", terminal, seed=5, bots="human,human", options=["hand_size=3", "end_score=5"]
    )
    assert session.run()
    parts = terminal.text().split("Pass the terminal to seat ")
    assert len(parts) > 2
    for before, after in itertools.pairwise(parts):
        assert before.endswith(CLEAR + CLEAR_SCROLLBACK)
        assert after.split("\n", 1)[1].startswith(CLEAR + CLEAR_SCROLLBACK)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seats": [5]}, "there is no seat 5: the seats are 0 to 1 (for seat 5, give --players 6"),
        (
            {"seats": [0, 2]},
            "there is no seat 2: the seats are 0 to 1 (for seat 2, give --players 3",
        ),
        ({"seats": [9]}, "there is no seat 9: the seats are 0 to 1; Stack Attack is for 6 players"),
        ({"seats": [3], "players": 3}, "there is no seat 3: the seats are 0 to 2"),
    ],
)
def test_a_seat_outside_the_table_is_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(PlayError, match=re.escape(message)):
        seat_plan(SA, **options)
    assert seat_plan(SA, seats=[5], players=6)[5] == "human"


def test_the_command_refuses_a_seat_outside_the_table() -> None:
    result = CliRunner().invoke(_build(), ["play", "stackattack", "--seat", "5"], input="")
    assert result.exit_code == 2, result.output
    assert "there is no seat 5" in result.output
    assert "--players 6" in result.output
    assert "Traceback" not in result.output
    assert all(len(line) <= 80 for line in result.output.splitlines())  # wrapped at spaces
    assert error_text("word " * 30).split() == ["word"] * 30
    assert error_text("a b") == "a b"
