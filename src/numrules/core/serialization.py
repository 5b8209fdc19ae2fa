"""JSON for every Config, State, Action and Observation of every game.

A document is an envelope naming the format version, the game and the kind of object:

    {"format": "numrules", "version": 1, "game": "stackattack", "kind": "State", "data": {...}}

Cards are written in their notation (a string, e.g. `"55"` or `"RB7"`), actions in
theirs (`"0:choose 55"`), enums by value, tuples as lists. `loads(dumps(x)) == x` holds
exactly. Reading is strict: a wrong type, a missing or unknown field, an impossible card
or an inconsistent state raises `SerializationError`, never a bare Python error.
"""

from __future__ import annotations

import functools
import json
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.v import format_exception

from numrules.core.errors import NumrulesError, SerializationError
from numrules.core.events import Event, Log, SeatLog, Vector
from numrules.core.game import AnyGame, all_games, get_game, registry_version
from numrules.core.validation import quote

FORMAT = "numrules"
VERSION = 1
KINDS = ("Config", "State", "Action", "Observation", "Event")

_NONE = type(None)


def _strict(kind: type, label: str) -> Callable[[Any, Any], Any]:
    def hook(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {label}, got {quote(value)}")
        return value

    return hook


def _is_union(t: Any) -> bool:
    return typing.get_origin(t) in (typing.Union, types.UnionType)


def _members(t: Any) -> frozenset[Any]:
    return frozenset(typing.get_args(t)) - {_NONE}


def _is_sequence(t: Any) -> bool:
    return typing.get_origin(t) in (tuple, frozenset)


def _is_frozenset(t: Any) -> bool:
    return typing.get_origin(t) is frozenset


def _set_unstructure(conv: cattrs.Converter) -> Callable[[Any], list[Any]]:
    # Sets are written sorted, so that the same set always gives the same text.
    def hook(value: Any) -> list[Any]:
        return sorted((conv.unstructure(v) for v in value), key=json.dumps)

    return hook


def _sequence_hook(conv: cattrs.Converter, t: Any) -> Callable[[Any, Any], Any]:
    # JSON arrays only (cattrs alone would accept any iterable, even a string or a dict).
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    variadic = origin is frozenset or (len(args) == 2 and args[1] is Ellipsis)
    item_types = (args[0],) if variadic else args
    hooks = [conv.get_structure_hook(a) for a in item_types]

    def hook(value: Any, _: Any) -> Any:
        if type(value) is not list:
            raise TypeError(f"expected a list, got {quote(value)}")
        if not variadic and len(value) != len(item_types):
            raise ValueError(f"expected {len(item_types)} items, got {len(value)}")
        out = []
        for i, item in enumerate(value):
            j = 0 if variadic else i
            try:
                out.append(hooks[j](item, item_types[j]))
            except Exception as exc:
                # Stop at the first bad item: refusing a huge bad document must cost no
                # more than reading a good one.
                exc.__notes__ = [
                    *getattr(exc, "__notes__", []),
                    IterableValidationNote(f"Structuring {t!r} @ index {i}", i, item_types[j]),
                ]
                raise IterableValidationError(f"While structuring {t!r}", [exc], t) from None
        return frozenset(out) if origin is frozenset else tuple(out)

    return hook


def _object_hook(conv: cattrs.Converter, t: Any) -> Callable[[Any, Any], Any]:
    # JSON objects only, with exactly the class's fields.
    build = make_dict_structure_fn(t, conv, _cattrs_forbid_extra_keys=True)

    def hook(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise TypeError(
                f"expected an object with the fields of {t.__name__}, got {quote(value)}"
            )
        return build(value, t)

    return hook


def _notation_hook(parse: Callable[[str], Any], types_: frozenset[Any], what: str) -> Any:
    def hook(value: Any, _: Any) -> Any:
        if value is None and _NONE in types_:
            return None
        if type(value) is not str:
            raise TypeError(f"expected {what} in notation, got {quote(value)}")
        return parse(value)

    return hook


def _notation(value: Any) -> str | None:
    return None if value is None else str(value)


def _event_hooks(
    conv: cattrs.Converter, game: AnyGame
) -> tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]:
    # An event is an object naming its class: {"event": "Placed", "seat": 0, ...}.
    by_name = {t.__name__: t for t in game.event_types}
    fields_out = {t: make_dict_unstructure_fn(t, conv) for t in game.event_types}
    fields_in = {
        t: make_dict_structure_fn(t, conv, _cattrs_forbid_extra_keys=True) for t in game.event_types
    }

    def unstructure(event: Any) -> dict[str, Any]:
        return {"event": type(event).__name__, **fields_out[type(event)](event)}

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict or type(value.get("event")) is not str:
            raise TypeError(f"expected an event object with an 'event' name, got {quote(value)}")
        kind = by_name.get(value["event"])
        if kind is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise ValueError(f"unknown {game.title} event {quote(value['event'])} (known: {known})")
        fields = {k: v for k, v in value.items() if k != "event"}
        return fields_in[kind](fields, kind)

    return unstructure, structure


def _log_hooks(
    conv: cattrs.Converter, game: AnyGame
) -> tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]:
    # A state's log: the public events, then per seat the [index, event] pairs it was
    # told more of. Indices must point into the public events and ascend.
    event_out, event_in = _event_hooks(conv, game)

    def unstructure(log: Log) -> dict[str, Any]:
        return {
            "public": [event_out(e) for e in log.public],
            "private": [[[i, event_out(e)] for i, e in seat] for seat in log.private],
        }

    def structure(value: Any, _: Any) -> Log:
        if type(value) is not dict or set(value) != {"public", "private"}:
            raise TypeError("a log is an object with the fields 'public' and 'private'")
        public, private = value["public"], value["private"]
        if type(public) is not list or type(private) is not list:
            raise TypeError("a log's 'public' and 'private' are lists")
        events = Vector(event_in(e, Event) for e in public)
        seats = []
        for pairs in private:
            if type(pairs) is not list:
                raise TypeError("each seat's private events are a list of [index, event] pairs")
            last = -1
            told = []
            for pair in pairs:
                if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not int:
                    raise TypeError(f"expected an [index, event] pair, got {quote(pair)}")
                if not last < pair[0] < len(events):
                    raise ValueError(f"private event index {pair[0]} is out of order or range")
                last = pair[0]
                told.append((pair[0], event_in(pair[1], Event)))
            seats.append(Vector(told))
        return Log(events, tuple(seats))

    return unstructure, structure


def _seat_log_hooks(
    conv: cattrs.Converter, game: AnyGame
) -> tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]:
    # An observation's log: the list of events as its seat was told them.
    event_out, event_in = _event_hooks(conv, game)

    def unstructure(log: SeatLog) -> list[Any]:
        return [event_out(e) for e in log]

    def structure(value: Any, _: Any) -> SeatLog:
        if type(value) is not list:
            raise TypeError(f"expected a list of events, got {quote(value)}")
        return SeatLog.of(event_in(e, Event) for e in value)

    return unstructure, structure


def _exactly(cls: type) -> Callable[[Any], bool]:
    # A hook predicate for one class only (a class hook would also catch its subclasses).
    def matches(t: Any) -> bool:
        return t is cls

    return matches


@functools.lru_cache(maxsize=16)
def converter(game: AnyGame) -> cattrs.Converter:
    """The strict cattrs converter for one game's classes (cached)."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict(int, "an integer"))
    conv.register_structure_hook(bool, _strict(bool, "a boolean"))
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook_factory(_is_sequence, lambda t: _sequence_hook(conv, t))
    conv.register_structure_hook_factory(attrs.has, lambda t: _object_hook(conv, t))
    conv.register_unstructure_hook_factory(_is_frozenset, lambda t: _set_unstructure(conv))
    for label, parse, kinds in (
        ("a card", game.parse_card, frozenset(game.card_types)),
        ("an action", game.parse_action, frozenset(game.action_types)),
    ):

        def matches(t: Any, kinds: frozenset[Any] = kinds) -> bool:
            if _is_union(t):
                return bool(_members(t)) and _members(t) <= kinds
            return t in kinds

        conv.register_unstructure_hook_func(matches, _notation)
        conv.register_structure_hook_factory(
            matches,
            lambda t, parse=parse, label=label: _notation_hook(
                parse, frozenset(typing.get_args(t)) if _is_union(t) else frozenset({t}), label
            ),
        )
        for kind in kinds:
            if isinstance(kind, type):
                conv.register_unstructure_hook(kind, str)
    for cls, hooks in ((Log, _log_hooks), (SeatLog, _seat_log_hooks), (Event, _event_hooks)):
        out, into = hooks(conv, game)
        conv.register_unstructure_hook_func(_exactly(cls), out)
        conv.register_structure_hook_func(_exactly(cls), into)
    event_out, _ = _event_hooks(conv, game)
    event_types = frozenset(game.event_types)
    conv.register_unstructure_hook_func(lambda t: t in event_types, event_out)
    return conv


@functools.lru_cache(maxsize=1)
def _type_index(version: int) -> dict[type, tuple[AnyGame, str]]:
    index: dict[type, tuple[AnyGame, str]] = {}
    for game in all_games():
        index[game.Config] = (game, "Config")
        index[game.State] = (game, "State")
        index[game.Observation] = (game, "Observation")
        for action_type in game.action_types:
            index[action_type] = (game, "Action")
        for event_type in game.event_types:
            index[event_type] = (game, "Event")
    return index


_OTHER_WRITERS: dict[type, Callable[[Any], dict[str, Any]]] = {}
_OTHER_READERS: dict[str, Callable[[dict[str, Any]], Any]] = {}


def register_document(
    kind: type,
    form: str,
    write: Callable[[Any], dict[str, Any]],
    read: Callable[[dict[str, Any]], Any],
) -> None:
    """Let `dumps`/`loads` handle objects of `kind` as documents whose "format" is `form`.

    The game records module registers `MatchResult` this way: `dumps(result)` writes its
    game record, and `loads` of a record replays it into a `MatchResult`.
    """
    _OTHER_WRITERS[kind] = write
    _OTHER_READERS[form] = read


def _lookup(obj: object) -> tuple[AnyGame, str]:
    found = _type_index(registry_version()).get(type(obj))
    if found is None:
        raise SerializationError(
            f"cannot serialise {type(obj).__name__}: not a Config, State, Action, "
            "Observation or Event of a registered game"
        )
    return found


def to_data(obj: Any) -> dict[str, Any]:
    """The JSON-ready envelope (a dict) of a Config, State, Action, Observation or Event.

    A `MatchResult` gives its game record (see `numrules.core.records`).
    """
    writer = _OTHER_WRITERS.get(type(obj))
    if writer is not None:
        return writer(obj)
    game, kind = _lookup(obj)
    data = str(obj) if kind == "Action" else converter(game).unstructure(obj, type(obj))
    return {"format": FORMAT, "version": VERSION, "game": game.name, "kind": kind, "data": data}


def dumps(obj: Any, *, indent: int | None = None) -> str:
    """Serialise a Config, State, Action or Observation of any game to JSON text.

    Raises:
        SerializationError: `obj` is not one of those.

    """
    separators = (",", ": ") if indent is not None else (",", ":")
    return json.dumps(to_data(obj), indent=indent, separators=separators, ensure_ascii=False)


def _message(exc: BaseException) -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        return _short("; ".join(cattrs.transform_error(exc, format_exception=_format_leaf)))
    if isinstance(exc, RecursionError):
        return "the document is nested too deeply"
    return _short(str(exc))


def _format_leaf(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, NumrulesError | TypeError | ValueError) and str(exc):
        return str(exc)
    return format_exception(exc, type_)


def from_data(document: Any) -> Any:
    """Rebuild the object described by a JSON-ready envelope (see `to_data`)."""
    if not isinstance(document, dict):
        raise SerializationError("a numrules document is a JSON object")
    form = document.get("format")
    reader = _OTHER_READERS.get(form) if isinstance(form, str) else None
    if reader is not None:
        return reader(document)
    extra = set(document) - {"format", "version", "game", "kind", "data"}
    if document.get("format") != FORMAT or extra:
        raise SerializationError("not a numrules document (bad 'format' or unknown keys)")
    version = document.get("version")
    if type(version) is not int or version != VERSION:
        raise SerializationError(
            f"unsupported format version {quote(version)} (this library reads {VERSION})"
        )
    name, kind = document.get("game"), document.get("kind")
    if not isinstance(name, str):
        raise SerializationError(f"the document names no game (got {quote(name)})")
    if type(kind) is not str or kind not in KINDS:
        raise SerializationError(f"unknown kind {quote(kind)}; expected one of {', '.join(KINDS)}")
    if "data" not in document:
        raise SerializationError("the document has no 'data'")
    try:
        game = get_game(name)
        data = document["data"]
        if kind == "Action":
            if type(data) is not str:
                raise SerializationError(f"an action is written in notation, got {quote(data)}")
            return game.parse_action(data)
        target = {
            "Config": game.Config,
            "State": game.State,
            "Observation": game.Observation,
            "Event": Event,
        }[kind]
        if kind == "State" and isinstance(data, dict) and "log" not in data:
            # The field has a default (a new state starts from it), but a document
            # without it would load as a game with no history: refuse it.
            raise SerializationError(
                f"invalid {quote(name)} State: no 'log' (a state's JSON holds its events)"
            )
        obj: Any = converter(game).structure(data, target)
        if kind == "State":
            game.check_state(obj)
        if kind == "Observation" and isinstance(obj.log, SeatLog) and obj.log.seat != obj.seat:
            # The events are written as a list: the log is its observation's seat's account.
            obj = attrs.evolve(obj, log=SeatLog.of(obj.log, obj.seat))
        return obj
    except SerializationError:
        raise
    except (
        NumrulesError,
        cattrs.BaseValidationError,
        TypeError,
        ValueError,
        KeyError,
        RecursionError,
    ) as exc:
        raise SerializationError(f"invalid {quote(name)} {kind}: {_message(exc)}") from exc


def loads(text: str | bytes) -> Any:
    """Rebuild a Config, State, Action or Observation from `dumps` output.

    Raises:
        SerializationError: the text is not valid JSON, names an unknown game, kind or
            version, does not match the game's types, or describes an impossible state.

    """
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise SerializationError(f"not valid JSON: {_short(str(exc))}") from exc
    except (ValueError, RecursionError) as exc:  # a 5,000-digit number, nesting too deep
        raise SerializationError(f"JSON this library will not read: {_short(str(exc))}") from exc
    return from_data(document)


def _short(message: str, limit: int = 300) -> str:
    # Messages quote their input; the input may be huge.
    return message if len(message) <= limit else message[: limit - 3] + "..."
