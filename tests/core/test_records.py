"""Game records: both forms round trip for every game, replay checks, strict loading."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import numrules
from numrules import GameRecord, RecordError, RecordVersionError, SerializationError
from numrules.core.records import record_from_data, record_to_data


def play(name: str, seed: int = 3, deck: bool = False, players: int | None = None) -> Any:
    game = numrules.get_game(name)
    config = game.Config(players=players or game.min_players)
    stacked = tuple(reversed(game.all_cards(config)))[:6] if deck else None
    bots = [numrules.RandomBot(seed * 10 + s) for s in range(config.players)]
    return numrules.play_match(game, config, bots, seed, deck=stacked)


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return GameRecord.from_result(play("stackattack", players=3), {"Bots": "random"})


@pytest.fixture(scope="module")
def text(record: GameRecord) -> str:
    return numrules.record_to_text(record)


def replace_line(text: str, prefix: str, new: str) -> str:
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith(prefix))
    lines[index] = new
    return "\n".join(lines)


def line_of(text: str, prefix: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if line.startswith(prefix))


# --- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("deck", [False, True], ids=["seed", "stacked"])
@pytest.mark.parametrize("name", numrules.game_names())
def test_both_forms_round_trip_and_replay_for_every_game(name: str, deck: bool) -> None:
    result = play(name, deck=deck)
    record = GameRecord.from_result(result, {"Bots": "random", "Event": 'Zoë\'s "cup"\n2'})
    assert record.game == name
    assert record.library_version == numrules.__version__
    assert record.deck == result.deck
    assert [str(a) for a in record.actions] == [str(a) for a in result.actions]
    text = numrules.record_to_text(record)
    assert numrules.record_from_text(text) == record
    assert numrules.record_from_json(numrules.record_to_json(record)) == record
    assert numrules.record_from_json(numrules.record_to_json(record, indent=2)) == record
    final = numrules.record_from_text(text).replay()
    assert numrules.dumps(final) == numrules.dumps(result.final_state)


def test_the_text_form_is_headers_a_blank_line_then_one_action_per_line(
    record: GameRecord, text: str
) -> None:
    head, body = text.split("\n\n")
    lines = head.split("\n")
    assert lines[:4] == [
        '[Format "numrules-record 2"]',
        '[Game "stackattack"]',
        f'[Version "{numrules.__version__}"]',
        '[Seed "3"]',
    ]
    assert lines[4].startswith('[Config {"players":3,')
    assert lines[5] == f'[Scores "{" ".join(map(str, record.scores))}"]'
    assert lines[6] == f'[Winners "{" ".join(map(str, sorted(record.winners)))}"]'
    assert lines[7] == '[Bots "random"]'
    assert body.split("\n") == [*map(str, record.actions), ""]
    stacked = numrules.record_to_text(GameRecord.from_result(play("stackattack", deck=True)))
    assert '[Deck "64 63 62 61 60 59"]' in stacked.split("\n")


def test_the_json_form_is_an_envelope(record: GameRecord) -> None:
    document = json.loads(numrules.record_to_json(record))
    assert {k: document[k] for k in ("format", "version", "game", "seed", "deck")} == {
        "format": "numrules-record",
        "version": 2,
        "game": "stackattack",
        "seed": 3,
        "deck": None,
    }
    assert document["library_version"] == numrules.__version__
    assert document["config"] == json.loads(numrules.dumps(record.config))["data"]
    assert document["actions"] == [str(a) for a in record.actions]
    assert document["winners"] == sorted(record.winners)
    assert document["headers"] == {"Bots": "random"}
    assert record_from_data(record_to_data(record)) == record
    del document["deck"], document["headers"]  # both optional
    assert numrules.record_from_json(json.dumps(document)) == GameRecord.from_result(
        play("stackattack", players=3)
    )


def test_comments_and_windows_line_ends_are_accepted(record: GameRecord, text: str) -> None:
    lines = text.split("\n")
    commented = ["# a game", *lines[:3], "  # note", *lines[3:10], "# after", *lines[10:]]
    assert numrules.record_from_text("\n".join(commented)) == record
    assert numrules.record_from_text(text.replace("\n", "\r\n")) == record
    assert numrules.record_from_text(text.rstrip("\n")) == record


# --- save and load ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("suffix", "first"), [(".nrec", "["), (".txt", "["), (".json", "{"), (".dat", "[")]
)
def test_save_and_load_pick_the_form_from_the_suffix(
    record: GameRecord, tmp_path: Path, suffix: str, first: str
) -> None:
    path = tmp_path / f"game{suffix}"
    numrules.save_record(record, path)
    assert path.read_text(encoding="utf-8").startswith(first)
    assert numrules.load_record(path) == record
    assert numrules.load_record(str(path)) == record


def test_load_sniffs_the_form_and_reads_text_and_files(record: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "game.dat"
    numrules.save_record(record, path, format="json")
    assert path.read_text(encoding="utf-8").startswith("{")
    assert numrules.load_record(path) == record  # sniffed
    assert numrules.load_record(numrules.record_to_json(record)) == record
    assert numrules.load_record(numrules.record_to_text(record)) == record
    buffer = io.StringIO()
    numrules.save_record(record, buffer)
    assert buffer.getvalue() == numrules.record_to_text(record)
    assert numrules.load_record(io.StringIO(buffer.getvalue())) == record
    with pytest.raises(SerializationError, match="unknown record format"):
        numrules.save_record(record, buffer, format="yaml")  # type: ignore[arg-type]


def test_a_json_suffix_holding_text_is_refused(record: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(numrules.record_to_text(record), encoding="utf-8")
    with pytest.raises(SerializationError, match="not valid JSON"):
        numrules.load_record(path)
    path.write_bytes(b"\xff\xfe[")
    with pytest.raises(SerializationError, match="not UTF-8"):
        numrules.load_record(path)


# --- replay -----------------------------------------------------------------------------


def test_replay_checks_the_result(record: GameRecord) -> None:
    final = play("stackattack", players=3).final_state
    assert numrules.dumps(record.replay()) == numrules.dumps(final)
    scores = (record.scores[0] + 1, *record.scores[1:])
    wrong = GameRecord(record.game, record.config, 3, record.actions, scores, record.winners)
    with pytest.raises(RecordError, match="the record says"):
        wrong.replay()
    others = frozenset({0, 1, 2}) - record.winners
    wrong = GameRecord(record.game, record.config, 3, record.actions, record.scores, others)
    with pytest.raises(RecordError, match="winners"):
        wrong.replay()


def test_replay_names_an_action_that_does_not_replay(record: GameRecord) -> None:
    # Another seed deals other hands: an early pick names a card its seat does not hold.
    bad = GameRecord(record.game, record.config, 4, record.actions, record.scores, record.winners)
    with pytest.raises(RecordError, match=r"action \d+ \(.*\) does not replay"):
        bad.replay()
    with pytest.raises(RecordError, match="cannot start"):
        GameRecord(record.game, record.config, 1, (), (0, 0, 0), frozenset(), deck=(1, 1)).replay()


def test_headers_are_checked() -> None:
    result = play("stackattack")
    for bad in ({"Seed": "1"}, {"1x": "a"}, {"a b": "c"}, {"Bots": 3}):
        with pytest.raises(SerializationError):
            GameRecord.from_result(result, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", numrules.game_names())
def test_steps_tell_each_seat_its_events_and_hide_other_seats_actions(name: str) -> None:
    result = play(name)
    record = GameRecord.from_result(result)
    game = numrules.get_game(name)
    for seat in (None, *range(result.config.players)):
        steps = list(record.steps(seat))
        assert [s.number for s in steps] == list(range(len(record.actions) + 1))
        told = [event for step in steps for event in step.events]
        expected = game.events(result.final_state, seat) if game.event_types else ()
        assert told == list(expected)
        for step, action in zip(steps[1:], record.actions, strict=True):
            assert step.seat == action.seat
            visible = seat is None or action.seat == seat
            assert step.action == (action if visible else None)
    with pytest.raises(numrules.SeatError):
        next(record.steps(result.config.players))


def test_stack_attack_steps_keep_other_seats_picks_secret() -> None:
    record = GameRecord.from_result(play("stackattack", players=3))
    for step in record.steps(1):
        for event in step.events:
            if type(event).__name__ == "Chose":
                assert (event.card is not None) == (event.seat == 1)  # type: ignore[attr-defined]


# --- the match driver and dumps ---------------------------------------------------------


def test_replay_accepts_notation() -> None:
    result = play("numwars")
    notations = [str(a) for a in result.actions]
    state = numrules.replay("numwars", result.config, result.seed, notations)
    assert state == result.final_state
    mixed = [a if i % 2 else str(a) for i, a in enumerate(result.actions)]
    assert numrules.replay("numwars", result.config, result.seed, mixed) == result.final_state
    with pytest.raises(numrules.NotationError):
        numrules.replay("numwars", result.config, result.seed, ["0:fly"])


@pytest.mark.parametrize("name", numrules.game_names())
def test_a_match_result_round_trips_through_dumps_as_its_game_record(name: str) -> None:
    result = play(name)
    text = numrules.dumps(result)
    assert json.loads(text)["format"] == "numrules-record"
    assert numrules.record_from_json(text) == GameRecord.from_result(result)
    again = numrules.loads(text)
    assert again == result
    assert numrules.dumps(again.final_state) == numrules.dumps(result.final_state)


# --- strict loading ---------------------------------------------------------------------


def test_malformed_text_names_the_line(text: str) -> None:
    actions_start = text.split("\n").index("") + 2
    cases = [
        (replace_line(text, "[Seed", "Seed 3"), line_of(text, "[Seed"), "expected a header"),
        (replace_line(text, "[Seed", '[Seed "three"]'), line_of(text, "[Seed"), "integer"),
        (replace_line(text, "[Seed", "[Seed 3]"), line_of(text, "[Seed"), "takes a string"),
        (replace_line(text, "[Bots", '[Bots "x]'), line_of(text, "[Bots"), "not valid JSON"),
        (replace_line(text, "[Bots", '[Game "numwars"]'), line_of(text, "[Bots"), "repeated"),
        (replace_line(text, "[Format", '[Format "numrules-record 3"]'), 1, "unsupported"),
        (replace_line(text, "[Format", '[Format "numrules-record 0"]'), 1, "unsupported"),
        (replace_line(text, "[Game", '[Game "chess"]'), 2, "unknown game"),
        (replace_line(text, "[Scores", '[Scores "1 2"]'), line_of(text, "[Scores"), "3 scores"),
        (replace_line(text, "[Scores", '[Scores "1 x 2"]'), line_of(text, "[Scores"), "integers"),
        (replace_line(text, "[Winners", '[Winners "5"]'), line_of(text, "[Winners"), "seats"),
        (replace_line(text, "[Winners", '[Winners "1 1"]'), line_of(text, "[Winners"), "distinct"),
        (
            replace_line(text, "[Config", '[Config {"players":9}]'),
            line_of(text, "[Config"),
            "2 to 6 players",
        ),
        (
            replace_line(text, "[Config", '[Config {"player":3}]'),
            line_of(text, "[Config"),
            "player",
        ),
        (replace_line(text, "0:choose", "0:choose banana"), actions_start, "choose"),
        (text + '[Late "header"]\n', len(text.split("\n")), "a header after the actions"),
        (text + "9:dance\n", len(text.split("\n")), ""),
    ]
    for bad, line, message in cases:
        with pytest.raises(SerializationError, match=rf"line {line}\b.*{message}"):
            numrules.record_from_text(bad)


def test_missing_headers_are_refused(text: str) -> None:
    for key in ("Format", "Game", "Version", "Seed", "Config", "Scores", "Winners"):
        without = "\n".join(line for line in text.split("\n") if not line.startswith(f"[{key} "))
        with pytest.raises(SerializationError, match=f"no \\[{key} "):
            numrules.record_from_text(without)
    with pytest.raises(SerializationError, match="line 1"):
        numrules.record_from_text("hello\n")
    with pytest.raises(SerializationError, match="Format"):
        numrules.record_from_text("")


def test_a_bad_deck_is_refused(text: str) -> None:
    with_deck = replace_line(text, "[Seed", '[Seed "3"]\n[Deck "5 x"]')
    with pytest.raises(SerializationError, match=f"line {line_of(text, '[Seed') + 1}"):
        numrules.record_from_text(with_deck)


def test_malformed_json_names_the_field(record: GameRecord) -> None:
    good = record_to_data(record)
    cases: list[tuple[dict[str, Any], str]] = [
        ({**good, "format": "numrules"}, "not a numrules record"),
        ({**good, "version": 3}, "unsupported record version"),
        ({**good, "version": "2"}, "unsupported record version"),
        ({**good, "extra": 1}, "unknown record field 'extra'"),
        ({k: v for k, v in good.items() if k != "seed"}, "no 'seed'"),
        ({**good, "game": 3}, "'game'"),
        ({**good, "library_version": 1}, "'library_version'"),
        ({**good, "config": {"players": 1}}, "'config'.*2 to 6 players"),
        ({**good, "seed": "3"}, "'seed'"),
        ({**good, "seed": True}, "'seed'"),
        ({**good, "deck": "1 2"}, "'deck'"),
        ({**good, "deck": ["1", "zz"]}, r"'deck'\[1\]"),
        ({**good, "actions": "0:choose 1"}, "'actions'"),
        ({**good, "actions": ["0:choose 1", 5]}, r"'actions'\[1\]"),
        ({**good, "actions": ["0:choose 1", "0:fly"]}, r"'actions'\[1\]"),
        ({**good, "scores": [1, 2]}, "3 scores"),
        ({**good, "scores": [1, 2, "3"]}, "'scores'"),
        ({**good, "winners": [7]}, "winners"),
        ({**good, "headers": ["Bots"]}, "'headers'"),
        ({**good, "headers": {"Seed": "1"}}, "'headers'.*filled in"),
    ]
    for document, message in cases:
        with pytest.raises(SerializationError, match=message):
            numrules.record_from_json(json.dumps(document))
    for junk in ("[1, 2]", "{", "null"):
        with pytest.raises(SerializationError):
            numrules.record_from_json(junk)


def test_error_messages_are_one_line(text: str) -> None:
    with pytest.raises(SerializationError) as info:
        numrules.record_from_text(replace_line(text, "0:choose", "0:choose banana"))
    assert "\n" not in str(info.value)
    assert re.match(r"line \d+: ", str(info.value))


# --- versions ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in numrules.game_names() if n != "numstop"])
def test_a_version_1_record_of_a_game_whose_actions_did_not_change_still_loads(name: str) -> None:
    record = GameRecord.from_result(play(name))
    text = numrules.record_to_text(record).replace("numrules-record 2", "numrules-record 1")
    assert numrules.record_from_text(text) == record
    document = {**record_to_data(record), "version": 1}
    assert record_from_data(document) == record
    assert numrules.record_from_text(text).replay() is not None


def test_a_version_1_num_stop_record_is_refused_naming_its_version() -> None:
    game = numrules.get_game("numstop")
    config = game.Config(players=2, max_rounds=1)
    bots = [numrules.RandomBot(1), numrules.RandomBot(2)]
    record = GameRecord.from_result(numrules.play_match(game, config, bots, 5))
    text = numrules.record_to_text(record)
    assert text.startswith('[Format "numrules-record 2"]')
    old = text.replace("numrules-record 2", "numrules-record 1")
    message = "numstop record is of record version 1; numstop records are read from version 2"
    with pytest.raises(RecordVersionError, match=f"line 1: this {message}") as info:
        numrules.record_from_text(old)
    assert isinstance(info.value, RecordError)
    assert isinstance(info.value, SerializationError)
    with pytest.raises(RecordVersionError, match=f"'version': this {message}"):
        record_from_data({**record_to_data(record), "version": 1})
    assert numrules.load_record(text) == record  # version 2 loads
