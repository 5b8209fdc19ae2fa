"""`numrules play` in process: seats, options, answers, commands, hand-over, save and load."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

import numrules
from numrules.apps.cli import _build
from numrules.apps.play import (
    HUMAN,
    PlayError,
    Session,
    action_lines,
    arranged,
    make_config,
    notation_examples,
    notation_help,
    open_session,
    plan_from_headers,
    refusal,
    rules_page,
    seat_plan,
    text_terminal,
    wrap,
)
from tests.playing import SHORT, policy_session, short_options, table_with_an_optional_decision
from tests.plugged import registered

SA = numrules.get_game("stackattack")


def short(game: str, answers: str, seed: int = 1, **options: object) -> tuple[Session, str]:
    """Run a short game of `game` with the answers given; return it and what it wrote."""
    terminal, output = text_terminal(answers)
    players, rules = short_options(game)
    kwargs: dict[str, object] = {"players": players, "options": rules, "bots": "random"}
    kwargs.update(options)
    session = open_session(game, terminal, seed=seed, **kwargs)  # type: ignore[arg-type]
    session.run()
    return session, output.getvalue()


def test_seat_plan_reads_seats_and_bots() -> None:
    assert seat_plan(SA) == (HUMAN, "heuristic")
    assert seat_plan(SA, bots="random") == (HUMAN, "random")
    assert seat_plan(SA, players=4, bots="random") == (HUMAN, "random", "random", "random")
    # Without `human`, the bots are the other seats' in order.
    assert seat_plan(SA, seats=[1], bots="heuristic,random,first") == (
        "heuristic",
        HUMAN,
        "random",
        "first",
    )
    # With `human`, the list names every seat; --seat adds humans.
    assert seat_plan(SA, bots="random,human,first") == ("random", HUMAN, "first")
    assert seat_plan(SA, seats=[0], bots="random,human") == (HUMAN, HUMAN)
    assert seat_plan(SA, seats=[0, 2], players=3) == (HUMAN, "heuristic", HUMAN)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 9}, "2 to 6 players, not 9"),
        ({"players": 2, "seats": [3]}, "no seat 3: the seats are 0 to 1"),
        ({"players": 4, "bots": "random,first"}, "give one bot for all or 3 bots, not 2"),
        ({"bots": "nope"}, "unknown bot"),
        ({"players": 3, "bots": "human,random"}, "give 3 names, not 2"),
    ],
)
def test_seat_plan_refuses_what_does_not_fit(options: dict[str, object], message: str) -> None:
    with pytest.raises(PlayError, match=re.escape(message)):
        seat_plan(SA, **options)  # type: ignore[arg-type]


def test_options_change_the_config_or_say_why() -> None:
    config = make_config(numrules.get_game("numstop"), 3, ["mode=discovery", "max_rounds=1"])
    assert (config.players, config.mode.value, config.max_rounds) == (3, "discovery", 1)
    assert make_config(numrules.get_game("numstop"), 2, ["max_rounds=none"]).max_rounds is None
    with pytest.raises(PlayError, match="name=value"):
        make_config(SA, 2, ["hand_size"])
    with pytest.raises(PlayError, match="hand_sizes"):
        make_config(SA, 2, ["hand_sizes=3"])
    with pytest.raises(PlayError, match="--players"):
        make_config(SA, 2, ["players=3"])
    with pytest.raises(PlayError, match="end_score"):
        make_config(SA, 2, ["end_score=0"])


def test_actions_are_listed_several_a_line_grouped_by_verb() -> None:
    game = numrules.get_game("numbounce")
    actions = [game.parse_action(f"0:play {c}") for c in ("R1", "R2", "B3")]
    # A short list is one line, after the lead.
    assert action_lines(actions, lead="Yours: ") == ["Yours: 1) play R1  2) play R2  3) play B3"]
    many = [game.parse_action(f"0:play R{v}") for v in range(12)] + [
        game.parse_action("0:take draw"),
        game.parse_action("0:take discard"),
        game.parse_action("0:numx"),
    ]
    lines = action_lines(many, lead="Yours: ")
    assert lines[0] == "Yours:"
    assert lines[1].startswith("  play  1) R0  2) R1  3) R2")
    assert lines[-2] == "  take  13) draw  14) discard"
    assert lines[-1] == "  15) numx"  # alone of its verb
    assert lines[2] == "        11) R10  12) R11"  # the verb's next line
    assert len(lines) == 5
    assert all(len(line) <= 80 for line in lines)
    numbers = [int(n) for line in lines for n in re.findall(r"(\d+)\)", line)]
    assert numbers == list(range(1, 16))
    # A narrow screen wraps a verb's actions under their first.
    narrow = action_lines(many[:12], width=30)
    assert narrow[0] == "  play  1) R0  2) R1  3) R2"
    assert narrow[1] == "        4) R3  5) R4  6) R5"
    assert all(len(line) <= 30 for line in narrow)
    # Interleaved verbs are listed (and numbered) by verb, in their first order.
    mixed = [many[12], *many[:6], many[13], *many[6:12]]
    assert arranged(mixed) == (many[12], many[13], *many[:12])
    assert action_lines(mixed)[0].startswith("  take  1) draw  2) discard")


def test_answers_by_number_or_by_notation_without_the_seat() -> None:
    session, out = short("stackattack", "1\n" * 50)
    assert numrules.get_game("stackattack").is_terminal(session.state)
    assert "Final scores (lowest wins): seat 0 (you)" in out
    # The same game answered in notation: the first action each time, written out.
    by_number = [str(a).partition(":")[2] for a in session.actions if a.seat == 0]
    again, out = short("stackattack", "\n".join(by_number) + "\n")
    assert again.actions == session.actions
    assert "Winner" in out


def test_bad_input_asks_again_with_the_reason_and_loses_nothing() -> None:
    answers = "99\n0\nchoose 99\n1:choose 21\nplay R3\n\nfly away\n1\n" + "1\n" * 50
    session, out = short("stackattack", answers)
    assert "No action numbered 99: answer 1 to 3." in out
    assert "No action numbered 0" in out
    # A card the seat does not hold: the reason, without the error's code.
    assert "Not accepted (choose 99): card 99 is not in the hand." in out
    assert re.search(r"Not accepted: .*seat 1", out)  # another seat's prefix
    assert "This decision is not optional" in out
    assert out.count("Not accepted") == 4
    assert not re.search(r"\[[a-z_]+\]", out)  # no internal codes such as [card_not_held]
    assert SA.is_terminal(session.state)
    assert out.count("Stack Attack | round 0 | turn 0 | choose") == 1  # no redraw per error


def test_messages_wrap_between_words_only() -> None:
    terminal, output = text_terminal("")
    long = "Not accepted: " + " ".join(f"word{i}" for i in range(40)) + " " + "x" * 90
    terminal.tell(long)
    lines = output.getvalue().splitlines()
    assert len(lines) > 2
    assert output.getvalue().split() == long.split()  # every word whole
    assert all(len(line) <= 80 for line in lines if "x" * 90 not in line)
    assert wrap("a b", 80) == ["a b"]


def test_refusals_name_the_action_and_the_reason_only() -> None:
    state = SA.new_game(SA.Config(players=2), 1)
    with pytest.raises(numrules.IllegalActionError) as caught:
        SA.apply(state, SA.parse_action("0:choose 99"))
    assert "[card_not_held]" in str(caught.value)  # the library's message keeps its code
    assert refusal("choose 99", caught.value) == (
        f"Not accepted (choose 99): {caught.value.detail}."
    )
    bad = numrules.NotationError("'x' is not a Stack Attack action")
    assert refusal("x", bad) == "Not accepted: 'x' is not a Stack Attack action."


def test_enter_lets_an_interrupt_pass() -> None:
    players, seed = table_with_an_optional_decision("numbounce", range(30))
    session, terminal = policy_session("numbounce", seed, players=players)
    assert session.run()
    out = terminal.text()
    assert "(optional: Enter lets it pass)" in out
    optional = [p for p in terminal.prompts if "[Enter: pass]" in p]
    assert optional
    assert not any(a.seat == 0 and "interrupt" in str(a) for a in session.actions)


def test_help_shows_the_notation_table_and_rules_the_page() -> None:
    _, out = short("stackattack", "help\nrules\n" + "1\n" * 50)
    assert "Answer with the number of an action in the list, or with the action in Stack" in out
    assert re.search(
        r"^  choose 55 +Pick <card> from the hand, face down, for this turn\.$", out, re.M
    )
    assert re.search(r"^  take 2 +Take every card of <row> as penalty", out, re.M)
    assert "  rules       the rules of Stack Attack" in out
    # rules: the page, rendered by rich (without a screen, there is no pager).
    after = out.split("  quit        leave the game (asks first)", 1)[1]
    assert "Stack Attack" in after.split("Stack Attack | round 0", 1)[0]
    for name in numrules.game_names():
        assert rules_page(numrules.get_game(name)).startswith("# ")


def _described(kind: type) -> str:
    # What `help` says an action class does: its docstring's first paragraph, the
    # fields (written `card` in it) as <card>.
    fields = set(attrs.fields_dict(kind))
    first = inspect.cleandoc(kind.__doc__ or "").split("\n\n")[0]
    first = re.sub(r"`([^`]+)`", lambda m: f"<{m[1]}>" if m[1] in fields else m[1], first)
    return " ".join(first.split())


@pytest.mark.parametrize("name", [*numrules.game_names(), "highcard"])
def test_help_is_a_notation_table_built_from_the_action_classes(name: str) -> None:
    with registered() as highcard:
        game = highcard if name == "highcard" else numrules.get_game(name)
        text = notation_help(game)
    table = text.split("\n\n")[1]
    flat = " ".join(table.split())
    examples = notation_examples(game)
    for kind in game.action_types:
        # Every kind of action has a row: examples that parse as that kind, then what
        # it does, whole (nothing cut in a word when it is wrapped).
        assert examples[kind], kind
        for example in examples[kind]:
            assert type(game.parse_action(example, seat=0)) is kind
        assert f"{', '.join(examples[kind])} {_described(kind)}" in flat, kind
        assert kind.__name__ + "(" not in text  # no class names
    assert all(len(line) <= 80 for line in text.splitlines())
    assert game.action_types[0].__module__ not in text
    module_doc = sys.modules[game.action_types[0].__module__].__doc__ or ""
    assert module_doc.strip().splitlines()[0] not in text  # no raw module docstring


def test_quit_asks_first() -> None:
    session, out = short("stackattack", "quit\nn\nquit\ny\n")
    assert "Leave the game? Unsaved moves are lost. [y/N]" in out
    assert "Going on." in out
    assert "Game left unfinished (you left) after 0 actions." in out
    assert not SA.is_terminal(session.state)


def test_end_of_input_leaves_cleanly() -> None:
    session, out = short("numwars", "1\n")
    assert "Game left unfinished (end of input)" in out
    assert session.actions
    assert not numrules.get_game("numwars").is_terminal(session.state)


def test_save_then_load_resumes_the_game(tmp_path: Path) -> None:
    path = tmp_path / "half.nrec"
    first, out = short("numstop", f"1\n1\n1\nsave {path}\nsave\nsave {tmp_path}/no/such/x\n")
    assert f"Saved {len(first.actions)} actions to {path}" in " ".join(out.split())
    assert "Save where?" in out
    assert "Could not save" in out
    record = numrules.load_record(path)
    assert record.headers["Status"] == "unfinished"
    assert record.headers["Bots"] == "human,random"
    assert list(record.actions) == first.actions
    terminal, output = text_terminal("last\n" + "1\n" * 200)
    resumed = open_session(None, terminal, load=path)
    assert resumed.state == first.state
    assert resumed.plan == (HUMAN, "random")
    assert resumed.run()
    out = output.getvalue()
    assert f"resumed after {len(first.actions)} actions" in out
    # The first decision after the resume tells what followed seat 0's last one only
    # (`last` lists those events in full).
    told = out.split("seat 0> ", 1)[1].split("seat 0> ", 1)[0]
    game = numrules.get_game("numstop")
    last = max(i for i, action in enumerate(first.actions) if action.seat == 0)
    before = numrules.replay(game, first.config, first.seed, first.actions[:last])
    expected = game.events(first.state, 0, len(game.events(before, 0)))
    assert told.splitlines()[0] == "Since your last decision (seat 0):"
    assert told.splitlines()[1:] == [f"  {event}" for event in expected]
    assert resumed.actions[: len(first.actions)] == first.actions
    assert numrules.get_game("numstop").is_terminal(resumed.state)


def test_a_record_s_bots_header_never_names_an_import_path(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    short("stackattack", f"1\nsave {path}\nquit\ny\n")
    record = numrules.load_record(path)
    assert plan_from_headers(SA, record) == (HUMAN, "random")
    trusted = seat_plan(SA, bots="numrules.core.bots:FirstBot")
    assert trusted == (HUMAN, "numrules.core.bots:FirstBot")
    imported = attrs.evolve(record, headers={"Bots": ",".join(trusted)})
    assert plan_from_headers(SA, imported) is None
    resumed = open_session(None, text_terminal("")[0], load=path)
    assert resumed.plan == (HUMAN, "random")


def test_load_refuses_what_does_not_fit(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    short("stackattack", f"1\nsave {path}\nquit\ny\n")
    terminal, _ = text_terminal("")
    with pytest.raises(PlayError, match="not numwars"):
        open_session("numwars", terminal, load=path)
    with pytest.raises(PlayError, match="for 2 players, not 3"):
        open_session(None, terminal, load=path, players=3)
    with pytest.raises(PlayError, match="keeps its rules and seed"):
        open_session(None, terminal, load=path, seed=4)
    # Seats given on the command line win over the record's.
    assert open_session(None, terminal, load=path, seats=[1]).plan == ("heuristic", HUMAN)


def test_several_humans_hand_over_the_terminal() -> None:
    terminal, output = text_terminal("\n1\n" * 60)
    session = open_session(
        "stackattack", terminal, seed=5, bots="human,human", options=["hand_size=3", "end_score=5"]
    )
    assert session.run()
    out = output.getvalue()
    assert "Pass the terminal to seat 1, then press Enter." in out
    assert "Pass the terminal to seat 0, then press Enter." in out
    # Between two hand-overs only one seat's view is shown.
    for part in re.split(r"Pass the terminal to seat \d, then press Enter\.", out)[1:-1]:
        views = set(re.findall(r"seat (\d)'s view", part))
        assert len(views) == 1, part
        (seat,) = views
        other = 1 - int(seat)
        assert f"seat {other} chooses " not in part.replace(f"seat {other} chooses a card", "")


def test_the_command_plays_loads_and_reports_bad_options(tmp_path: Path) -> None:
    runner = CliRunner()
    record = tmp_path / "g.nrec"
    args = ["play", "numwars", *SHORT["numwars"], "--seed", "3", "--record", str(record)]
    result = runner.invoke(_build(), args, input="1\n" * 20)
    assert result.exit_code == 0, result.output
    assert "Final scores (highest wins)" in result.output
    assert f"wrote the game record to {record}" in result.output
    assert numrules.load_record(record).headers["Status"] == "finished"
    result = runner.invoke(_build(), ["play", "--load", str(record)], input="")
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output  # a finished game: shown, nothing to ask
    for bad, message in [
        (["play"], "name a game"),
        (["play", "stackattack", "--players", "9"], "2 to 6 players"),
        (["play", "stackattack", "--option", "hand_size=0"], "hand_size"),
        (["play", "stackattack", "--bots", "nope"], "unknown bot"),
    ]:
        result = runner.invoke(_build(), bad, input="")
        assert result.exit_code == 2, result.output
        assert message in result.output
        assert "Traceback" not in result.output


def test_a_failing_bot_stops_the_game_with_a_message_and_keeps_the_record(
    tmp_path: Path,
) -> None:
    record = tmp_path / "g.nrec"
    args = ["play", "numwars", "--bots", "tests.playing:WrongBot", "--record", str(record)]
    result = CliRunner().invoke(_build(), [*args, "--seed", "1"], input="1\n" * 5)
    assert result.exit_code == 1, result.output
    assert "the game stopped: the bot of seat 1 returned a string" in result.output
    assert "Traceback" not in result.output
    assert numrules.load_record(record).headers["Status"] == "unfinished"
