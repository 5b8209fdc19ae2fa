"""Game records: a whole game in one file, to keep, share, audit and replay.

A `GameRecord` holds what replays a game exactly: the game's name, its `Config`, the
seed, the stacked first-round deck if there was one, and every action in order. It
also keeps the final scores and winners (checked by `GameRecord.replay`), the numrules
version that wrote it, and free-form string headers (the bots, a date, an event name).

A record has two forms, both read back exactly (`record_from_text(record_to_text(r))
== r`, and the same for JSON):

- text, like PGN: `[Key "value"]` header lines, a blank line, then one action per line
  in notation. Lines starting with `#` are comments. Every header value is one JSON
  value: a string, except `Config`, which is the config's JSON object::

      [Format "numrules-record 2"]
      [Game "stackattack"]
      [Version "0.1.0"]
      [Seed "7"]
      [Config {"players":2,"hand_size":10,...}]
      [Scores "66 41"]
      [Winners "1"]
      [Bots "random,random"]

      0:choose 55
      1:choose 12
      ...

- JSON, an envelope like the other numrules documents::

      {"format": "numrules-record", "version": 2, "game": "stackattack",
       "library_version": "0.1.0", "config": {...}, "seed": 7, "deck": null,
       "actions": ["0:choose 55", ...], "scores": [66, 41], "winners": [1],
       "headers": {"Bots": "random,random"}}

Reading is strict: a malformed line, header or field raises `SerializationError`
naming the line (text) or the field (JSON). Records of an older version are read when
their game's notation has not changed since (`SINCE`); otherwise loading raises
`RecordVersionError`, naming the version. See docs/records.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any, Literal

import attrs

from numrules._version import __version__
from numrules.core.errors import IllegalActionError, NumrulesError, SerializationError
from numrules.core.events import Event
from numrules.core.game import AnyGame, get_game
from numrules.core.match import MatchResult
from numrules.core.seats import check_observer
from numrules.core.serialization import from_data, register_document, to_data

FORMAT = "numrules-record"
VERSION = 2
"""The record version this library writes. Version 2: Num Stop's one-path validation
(`pick` in canonical order, `pass`, `end`; no `aim` nor `abandon`)."""
SINCE: Mapping[str, tuple[int, str]] = {
    "numstop": (2, "the one-path validation: pick in canonical order, pass, end; no aim, abandon"),
}
"""For each game whose actions changed, the oldest record version it still reads and
what changed then; a game not listed reads every version (1 to `VERSION`)."""
SUFFIXES: Mapping[str, Literal["text", "json"]] = {".json": "json", ".txt": "text", ".nrec": "text"}
"""The file suffixes `save_record` and `load_record` know, and the form each one means."""
RESERVED = ("Format", "Game", "Version", "Seed", "Deck", "Config", "Scores", "Winners")
"""The header keys of the text form that the record itself fills in."""

_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_HEADER = re.compile(r"\[([A-Za-z][A-Za-z0-9_]*) (.*)\]\Z")
_INT = re.compile(r"-?[0-9]+\Z")
_JSON_KEYS = frozenset(
    {
        "format",
        "version",
        "game",
        "library_version",
        "config",
        "seed",
        "deck",
        "actions",
        "scores",
        "winners",
        "headers",
    }
)
_OPTIONAL_JSON_KEYS = frozenset({"deck", "headers"})


class RecordError(NumrulesError):
    """A game record does not replay: an action is illegal, or the result differs."""


class RecordVersionError(RecordError, SerializationError):
    """A record's version is one this library no longer reads for its game.

    Raised on loading, before any action is read; it is a `SerializationError` too, like
    every other refusal of a record's text.
    """


def _check_version(version: int, game: str, where: str) -> None:
    # `version` is one this library writes or wrote (1..VERSION): is it still read for `game`?
    oldest, change = SINCE.get(game, (1, ""))
    if version < oldest:
        raise RecordVersionError(
            f"{where}: this {game} record is of record version {version}; {game} records "
            f"are read from version {oldest} on ({change}); replay it with the numrules "
            "version that wrote it"
        )


def _check_headers(headers: Mapping[str, str]) -> dict[str, str]:
    out = dict(headers)
    for key, value in out.items():
        if type(key) is not str or not _KEY.match(key):
            raise SerializationError(f"a header key is a letter then letters, digits or _: {key!r}")
        if key in RESERVED:
            raise SerializationError(f"the header {key!r} is filled in by the record itself")
        if type(value) is not str:
            raise SerializationError(f"the header {key!r} must be a string, got {value!r}")
    return out


@attrs.frozen(slots=True)
class Step:
    """One step of a replay (see `GameRecord.steps`)."""

    number: int
    """0 for the deal before the first action, then 1, 2, ... for each action."""
    seat: int | None
    """The seat that acted (None at step 0)."""
    action: Any | None
    """The action; None at step 0, and in a seat's view for the actions of other seats."""
    events: tuple[Event, ...]
    """The events of the step, as the viewing seat was told them."""


@attrs.frozen(slots=True)
class GameRecord:
    """A whole game: what replays it, its result, and free-form headers.

    Build one with `GameRecord.from_result(play_match(...))`, or read one with
    `load_record`. Two records are equal when every field is equal.
    """

    game: str
    """The game's registry name."""
    config: Any
    """The game's `Config`."""
    seed: int
    """The seed passed to `new_game` (it also shuffles every later round)."""
    actions: tuple[Any, ...]
    """Every action, in order (action objects; written in notation)."""
    scores: tuple[int, ...]
    """The final scores, by seat."""
    winners: frozenset[int]
    """The winning seats."""
    deck: tuple[Any, ...] | None = None
    """The stacked first-round deck, if one was given (written as card notations)."""
    headers: dict[str, str] = attrs.field(factory=dict, converter=_check_headers, hash=False)
    """Free-form string headers, e.g. `{"Bots": "random,first", "Date": "2024-05-01"}`."""
    library_version: str = __version__
    """The numrules version that wrote the record."""

    @classmethod
    def from_result(
        cls, result: MatchResult, headers: Mapping[str, str] | None = None
    ) -> GameRecord:
        """The record of a `play_match` result, with optional extra headers."""
        return cls(
            game=result.game,
            config=result.config,
            seed=result.seed,
            actions=tuple(result.actions),
            scores=tuple(result.scores),
            winners=frozenset(result.winners),
            deck=result.deck,
            headers=dict(headers or {}),
        )

    def _game(self) -> AnyGame:
        return get_game(self.game)

    def steps(self, seat: int | None = None) -> Iterator[Step]:
        """Replay the game step by step, with the events each step caused.

        Args:
            seat: tell the events as this seat was told them, and hide the actions of
                the other seats (their `Step.action` is None: only the events show
                them). None (the default): every action, with the public events.

        Raises:
            SeatError: `seat` is not a seat of this game.
            RecordError: an action does not replay (the result is not checked: use
                `replay` for that).

        """
        game = self._game()
        state = self._start(game)
        check_observer(seat, state.config.players)
        told = _events(game, state, seat, 0)
        yield Step(0, None, None, told)
        count = len(told)
        for number, action in enumerate(self.actions, 1):
            state = self._apply(game, state, number, action)
            told = _events(game, state, seat, count)
            count += len(told)
            shown = action if seat is None or action.seat == seat else None
            yield Step(number, action.seat, shown, told)

    def result(self) -> MatchResult:
        """Replay the record into the `MatchResult` it was made from.

        Raises:
            RecordError: as `replay`.

        """
        final = self.replay()
        return MatchResult(
            game=self.game,
            config=self.config,
            seed=self.seed,
            deck=self.deck,
            actions=self.actions,
            final_state=final,
            scores=self.scores,
            winners=self.winners,
        )

    def replay(self) -> Any:
        """Replay the record and return the final state.

        Raises:
            RecordError: the game cannot start from the record's config, seed and deck,
                an action is illegal, or the scores or winners differ from the record's.

        """
        game = self._game()
        state = self._start(game)
        for number, action in enumerate(self.actions, 1):
            state = self._apply(game, state, number, action)
        scores, winners = tuple(game.scores(state)), frozenset(game.winners(state))
        if scores != self.scores or winners != self.winners:
            raise RecordError(
                f"the replay ends with scores {_ints(scores)} and winners {_ints(winners)}; "
                f"the record says {_ints(self.scores)} and {_ints(self.winners)}"
            )
        return state

    def _start(self, game: AnyGame) -> Any:
        try:
            return game.new_game(self.config, self.seed, self.deck)
        except NumrulesError as exc:
            raise RecordError(f"the game cannot start: {exc}") from exc

    def _apply(self, game: AnyGame, state: Any, number: int, action: Any) -> Any:
        try:
            return game.apply(state, action)
        except IllegalActionError as exc:
            raise RecordError(f"action {number} ({action}) does not replay: {exc}") from exc


def _events(game: AnyGame, state: Any, seat: int | None, since: int) -> tuple[Event, ...]:
    # A game that declares no event types records no events (yet).
    if not game.event_types:
        return ()
    return tuple(game.events(state, seat, since))


def _ints(values: tuple[int, ...] | frozenset[int]) -> str:
    items = sorted(values) if isinstance(values, frozenset) else values
    return " ".join(map(str, items)) or "none"


# --- fields, shared by both forms -------------------------------------------------------


def _config_data(record: GameRecord) -> Any:
    document = to_data(record.config)
    if document["kind"] != "Config" or document["game"] != record.game:
        raise SerializationError(f"the record's config is not a {record.game} Config")
    return document["data"]


def _read_game(name: object, where: str) -> AnyGame:
    if type(name) is not str:
        raise SerializationError(f"{where}: the game is a name, got {name!r}")
    try:
        return get_game(name)
    except NumrulesError as exc:
        raise SerializationError(f"{where}: {exc}") from exc


def _read_config(game: AnyGame, data: object, where: str) -> Any:
    envelope = {"format": "numrules", "version": 1, "game": game.name, "kind": "Config"}
    try:
        return from_data({**envelope, "data": data})
    except SerializationError as exc:
        raise SerializationError(f"{where}: {exc}") from exc


def _read_card(game: AnyGame, text: object, where: str) -> Any:
    if type(text) is not str:
        raise SerializationError(f"{where}: a card is written in notation, got {text!r}")
    try:
        return game.parse_card(text)
    except NumrulesError as exc:
        raise SerializationError(f"{where}: {exc}") from exc


def _read_action(game: AnyGame, text: object, where: str) -> Any:
    if type(text) is not str:
        raise SerializationError(f"{where}: an action is written in notation, got {text!r}")
    try:
        return game.parse_action(text)
    except NumrulesError as exc:
        raise SerializationError(f"{where}: {exc}") from exc


def _check_result(
    config: Any, scores: tuple[int, ...], winners: tuple[int, ...], where: str
) -> None:
    players = config.players
    if len(scores) != players:
        raise SerializationError(f"{where}: {players} players need {players} scores")
    if len(set(winners)) != len(winners) or not all(0 <= s < players for s in winners):
        raise SerializationError(f"{where}: the winners must be distinct seats 0..{players - 1}")


# --- JSON -------------------------------------------------------------------------------


def record_to_data(record: GameRecord) -> dict[str, Any]:
    """The JSON-ready envelope (a dict) of a record."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "library_version": record.library_version,
        "config": _config_data(record),
        "seed": record.seed,
        "deck": None if record.deck is None else [str(card) for card in record.deck],
        "actions": [str(action) for action in record.actions],
        "scores": list(record.scores),
        "winners": sorted(record.winners),
        "headers": dict(record.headers),
    }


def record_to_json(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as a JSON document (see the module docstring)."""
    separators = (",", ": ") if indent is not None else (",", ":")
    return json.dumps(
        record_to_data(record), indent=indent, separators=separators, ensure_ascii=False
    )


def _int_list(value: object, where: str) -> tuple[int, ...]:
    if type(value) is not list or not all(type(v) is int for v in value):
        raise SerializationError(f"{where}: expected a list of integers, got {value!r}")
    return tuple(value)


def record_from_data(document: object) -> GameRecord:
    """Rebuild a record from its JSON-ready envelope (see `record_to_data`)."""
    if type(document) is not dict:
        raise SerializationError("a numrules record is a JSON object")
    if document.get("format") != FORMAT:
        raise SerializationError(f"not a numrules record ('format' is not {FORMAT!r})")
    version = document.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise SerializationError(
            f"unsupported record version {version!r} (this library reads 1 to {VERSION})"
        )
    unknown = sorted(set(document) - _JSON_KEYS)
    if unknown:
        raise SerializationError(f"unknown record field {unknown[0]!r}")
    missing = sorted(_JSON_KEYS - _OPTIONAL_JSON_KEYS - set(document))
    if missing:
        raise SerializationError(f"the record has no {missing[0]!r}")
    game = _read_game(document["game"], "'game'")
    _check_version(version, game.name, "'version'")
    if type(document["library_version"]) is not str:
        raise SerializationError("'library_version' must be a string")
    config = _read_config(game, document["config"], "'config'")
    seed = document["seed"]
    if type(seed) is not int:
        raise SerializationError(f"'seed' must be an integer, got {seed!r}")
    deck_data = document.get("deck")
    deck = None
    if deck_data is not None:
        if type(deck_data) is not list:
            raise SerializationError(f"'deck' must be a list of cards or null, got {deck_data!r}")
        deck = tuple(_read_card(game, c, f"'deck'[{i}]") for i, c in enumerate(deck_data))
    actions = document["actions"]
    if type(actions) is not list:
        raise SerializationError(f"'actions' must be a list of notations, got {actions!r}")
    parsed = tuple(_read_action(game, a, f"'actions'[{i}]") for i, a in enumerate(actions))
    scores = _int_list(document["scores"], "'scores'")
    winners = _int_list(document["winners"], "'winners'")
    _check_result(config, scores, winners, "'scores'/'winners'")
    headers = document.get("headers", {})
    if type(headers) is not dict:
        raise SerializationError(f"'headers' must be an object of strings, got {headers!r}")
    try:
        headers = _check_headers(headers)
    except SerializationError as exc:
        raise SerializationError(f"'headers': {exc}") from exc
    return GameRecord(
        game=game.name,
        config=config,
        seed=seed,
        actions=parsed,
        scores=scores,
        winners=frozenset(winners),
        deck=deck,
        headers=headers,
        library_version=document["library_version"],
    )


def record_from_json(text: str | bytes) -> GameRecord:
    """Read a record written by `record_to_json`.

    Raises:
        SerializationError: not JSON, not a record, or a field is wrong (named).

    """
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise SerializationError(f"not valid JSON: {exc}") from exc
    return record_from_data(document)


# --- text -------------------------------------------------------------------------------


def _header(key: str, value: Any) -> str:
    compact = (",", ":") if not isinstance(value, str) else None
    return f"[{key} {json.dumps(value, separators=compact, ensure_ascii=False)}]"


def record_to_text(record: GameRecord) -> str:
    """The record in its readable text form (see the module docstring)."""
    lines = [
        _header("Format", f"{FORMAT} {VERSION}"),
        _header("Game", record.game),
        _header("Version", record.library_version),
        _header("Seed", str(record.seed)),
    ]
    if record.deck is not None:
        lines.append(_header("Deck", " ".join(str(card) for card in record.deck)))
    lines += [
        _header("Config", _config_data(record)),
        _header("Scores", " ".join(map(str, record.scores))),
        _header("Winners", " ".join(map(str, sorted(record.winners)))),
    ]
    lines += [_header(key, value) for key, value in record.headers.items()]
    lines.append("")
    lines += [str(action) for action in record.actions]
    return "\n".join(lines) + "\n"


def _ints_of(text: str, where: str) -> tuple[int, ...]:
    words = text.split()
    if not all(_INT.match(w) for w in words):
        raise SerializationError(f"{where}: expected integers separated by spaces, got {text!r}")
    return tuple(int(w) for w in words)


def record_from_text(text: str) -> GameRecord:
    """Read a record written by `record_to_text`.

    Raises:
        SerializationError: a line is malformed (the message names it), a header is
            missing or repeated, or a value is wrong for the game.

    """
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    headers: dict[str, tuple[int, Any]] = {}
    actions: list[tuple[int, str]] = []
    in_actions = False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not in_actions:
            if not line:
                in_actions = True
                continue
            match = _HEADER.match(line)
            if match is None:
                raise SerializationError(
                    f'line {number}: expected a header [Key "value"] or a blank line, got {raw!r}'
                )
            key, value = match.groups()
            if key in headers:
                raise SerializationError(f"line {number}: the header {key} is repeated")
            try:
                headers[key] = (number, json.loads(value))
            except json.JSONDecodeError as exc:
                raise SerializationError(
                    f"line {number}: the value of {key} is not valid JSON ({exc.msg})"
                ) from exc
        elif line:
            if line.startswith("["):
                raise SerializationError(f"line {number}: a header after the actions")
            actions.append((number, line))

    def string(key: str) -> tuple[str, str]:
        if key not in headers:
            raise SerializationError(f"line 1: the record has no [{key} ...] header")
        number, value = headers[key]
        if type(value) is not str:
            raise SerializationError(f'line {number}: [{key} "..."] takes a string, got {value!r}')
        return f"line {number}", value

    format_where, fmt = string("Format")
    versions = {f"{FORMAT} {v}": v for v in range(1, VERSION + 1)}
    if fmt not in versions:
        raise SerializationError(
            f"{format_where}: unsupported record format {fmt!r} "
            f"(this library reads '{FORMAT} 1' to '{FORMAT} {VERSION}')"
        )
    where, name = string("Game")
    game = _read_game(name, where)
    _check_version(versions[fmt], game.name, format_where)
    _, library_version = string("Version")
    where, seed_text = string("Seed")
    if not _INT.match(seed_text):
        raise SerializationError(f"{where}: the seed is an integer, got {seed_text!r}")
    deck = None
    if "Deck" in headers:
        where, deck_text = string("Deck")
        deck = tuple(_read_card(game, c, where) for c in deck_text.split())
    if "Config" not in headers:
        raise SerializationError("line 1: the record has no [Config {...}] header")
    number, config_data = headers["Config"]
    config = _read_config(game, config_data, f"line {number}")
    where, scores_text = string("Scores")
    scores = _ints_of(scores_text, where)
    _check_result(config, scores, (), where)
    where, winners_text = string("Winners")
    winners = _ints_of(winners_text, where)
    _check_result(config, scores, winners, where)
    extra = {}
    for key in headers:
        if key not in RESERVED:
            where, extra[key] = string(key)
    return GameRecord(
        game=game.name,
        config=config,
        seed=int(seed_text),
        actions=tuple(_read_action(game, a, f"line {n}") for n, a in actions),
        scores=scores,
        winners=frozenset(winners),
        deck=deck,
        headers=extra,
        library_version=library_version,
    )


# --- files ------------------------------------------------------------------------------


def _form(text: str) -> Literal["text", "json"]:
    return "json" if text.lstrip().startswith("{") else "text"


def save_record(
    record: GameRecord,
    path_or_file: str | Path | IO[str],
    format: Literal["text", "json"] | None = None,
) -> None:
    """Write `record` to a path or an open text file.

    Args:
        record: the record.
        path_or_file: a path (its suffix picks the form: `.json` for JSON, `.txt` or
            `.nrec` for text; any other suffix gives text) or a file open for writing.
        format: "text" or "json", to override the suffix.

    """
    if format is not None and format not in ("text", "json"):
        raise SerializationError(f"unknown record format {format!r}; use 'text' or 'json'")
    if isinstance(path_or_file, str | Path):
        path = Path(path_or_file)
        form = format or SUFFIXES.get(path.suffix.lower(), "text")
        text = record_to_json(record, indent=1) if form == "json" else record_to_text(record)
        path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
        return
    form = format or "text"
    text = record_to_json(record, indent=1) if form == "json" else record_to_text(record)
    path_or_file.write(text if text.endswith("\n") else text + "\n")


def load_record(source: str | Path | IO[str]) -> GameRecord:
    """Read a record from a path, an open text file, or the record's text itself.

    A str holding a newline, or starting with `{`, `[` or `#`, is read as the record's
    text; any other str is a path. A path's suffix picks the form (`.json`, `.txt`,
    `.nrec`); otherwise the form is sniffed (JSON starts with `{`).

    Raises:
        SerializationError: the record is malformed (see `record_from_text` and
            `record_from_json`) or the file is not UTF-8 text.
        OSError: the file cannot be read.

    """
    form: Literal["text", "json"] | None = None
    if isinstance(source, str) and ("\n" in source or source.lstrip()[:1] in ("{", "[", "#")):
        text = source
    elif isinstance(source, str | Path):
        path = Path(source)
        form = SUFFIXES.get(path.suffix.lower())
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise SerializationError(f"{path} is not UTF-8 text") from exc
    else:
        text = source.read()
    form = form or _form(text)
    return record_from_json(text) if form == "json" else record_from_text(text)


register_document(
    MatchResult,
    FORMAT,
    lambda result: record_to_data(GameRecord.from_result(result)),
    lambda document: record_from_data(document).result(),
)
