"""Num Stop's observation and information-state tensors (`TENSORS`, the `Game.tensors` field).

Both are built from one seat's `Observation` alone, seat-relative: block `seat0.*` is
the observer's, `seat1.*` the next seat's (seat + 1), and so on. Cards are flags over
the round's card identities, in `config.all_cards()` order (each family card exists
once, so a card is one index); the reserve and the action cards activated are flags over
the six action cards (CLASSIC only: DISCOVERY has no such blocks). Counts and points
are divided by their bound. The layouts of the default game are listed on the rules
page (docs/reference/numstop.md, "Tensors").

The information-state tensor adds what the seat remembers of the current round, from
its own account of the events (`obs.log`): the cards each seat drew and lost, the action
cards each seat activated, the turns hit by DOUBLE or SKIP, each seat's validation
decisions, and the cards the observer saw with FLIP. Earlier rounds left nothing in play
but the scorecards, which the observation already holds.

A spectator (seat None) has no seat-relative view: the builders raise `SeatError`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import repeat

from numrules.core.cards import FAMILIES, FamilyCard, NumCard
from numrules.core.errors import ConfigError, StateError
from numrules.core.events import Event
from numrules.core.tensors import Block, Layout, Tensors, per_config, round_events, tensor_seat
from numrules.numstop.cards import ACTION_CARDS, DOUBLE, FLIP, JOKER, QUANTUM, SKIP, SWIPE
from numrules.numstop.config import Config
from numrules.numstop.event_types import (
    ActionCardLost,
    Busted,
    DoubleActivated,
    DoubleTurn,
    Drew,
    Flipped,
    GameEnded,
    JokerPlayed,
    Locked,
    Passed,
    Picked,
    QuantumKept,
    QuantumTook,
    Reserved,
    RoundDealt,
    RoundEnded,
    ShadowDiscarded,
    ShadowKept,
    SkipActivated,
    SkippedTurnEnded,
    Stopped,
    Swiped,
    TurnSkipped,
    Validated,
    ValidationEnded,
)
from numrules.numstop.objectives import OBJECTIVES
from numrules.numstop.observation import Observation
from numrules.numstop.state import Phase, points_range

ROUND_HORIZON = 20
"""Without `max_rounds`, the `round` feature is round / ROUND_HORIZON, clipped to 1."""

_PHASES: tuple[Phase, ...] = tuple(Phase)
_PHASE_INDEX: dict[Phase, int] = {phase: i for i, phase in enumerate(_PHASES)}
_FAMILY_INDEX = {family: i for i, family in enumerate(FAMILIES)}
_N_OBJECTIVES = len(OBJECTIVES)
_ACTION_NAMES = " ".join(map(str, ACTION_CARDS))

Keyer = Callable[[NumCard], Hashable]
"""How a card is looked up: by `id` (interned cards) or by itself."""


def _global_blocks(config: Config, cards: int) -> list[Block]:
    # The blocks before the seats' blocks, in tensor order.
    players, objectives = config.players, _N_OBJECTIVES
    last = "" if config.max_rounds is None else "; 1.0 in the last round (`max_rounds`)"
    horizon = (
        f"round / {ROUND_HORIZON}, clipped to 1"
        if config.max_rounds is None
        else "round / (max_rounds - 1)"
    )
    return [
        Block("phase", len(_PHASES), "one-hot: " + ", ".join(p.value for p in _PHASES)),
        Block("player", players, "one-hot, relative: the seat to move or validating"),
        Block("first", players, "one-hot, relative: the seat that opened the round"),
        Block("round", 1 + (config.max_rounds is not None), horizon + last),
        Block("stocks", 2, f"cards left in stock A, stock B / {cards - cards // 2}"),
        Block(
            "turn",
            3,
            "drew this turn; the turn is hit by DOUBLE; DOUBLE draws still owed / double_draws",
        ),
        Block(
            "peeks", 2 * players, "per stock (A, B), one-hot relative: who saw its top with FLIP"
        ),
        Block("top_a", cards, "card flags: the top of stock A, if this seat saw it with FLIP"),
        Block("top_b", cards, "card flags: the top of stock B, if this seat saw it with FLIP"),
        Block("pending", cards, "card flags: the cards awaiting the decision of the seat to move"),
        Block("discard", cards, "card flags: the cards out of the round"),
        Block("objective", objectives, "one-hot: the objective under decision (validation)"),
        Block("selection", cards, "card flags: the cards picked for it so far"),
    ]


def _seat_blocks(config: Config, seat: int, cards: int, total: int) -> list[Block]:
    # One seat's blocks of the observation tensor (`seat` is relative to the observer).
    values = config.max_value + 1
    prefix = f"seat{seat}."
    blocks = [
        Block(prefix + "pile", cards, "card flags: its unlocked pile"),
        Block(
            prefix + "pile_end",
            len(FAMILIES) + values + 1,
            f"its pile's last card: family one-hot ({len(FAMILIES)}), value one-hot "
            f"({values}); cards of that family ending the pile / (family_run - 1)",
        ),
        Block(prefix + "collection", cards, "card flags: its unused collection cards"),
    ]
    if config.classic:
        blocks.append(
            Block(prefix + "reserve", len(ACTION_CARDS), f"flags ({_ACTION_NAMES}): its reserve")
        )
    blocks += [
        Block(prefix + "scored", cards, "card flags: its cards used in this round's validations"),
        Block(prefix + "effects", 2, "a DOUBLE waits for its next played turn; a SKIP waits"),
        Block(
            prefix + "scorecard",
            2 * _N_OBJECTIVES,
            "per objective (table order) validated; then its points / the most it can score",
        ),
        Block(
            prefix + "totals",
            2,
            f"its points / {total} (every objective at its most); objectives validated / 10",
        ),
    ]
    return blocks


def _history_blocks(config: Config, seat: int, cards: int) -> list[Block]:
    # One seat's history blocks (this round), for the information-state tensor.
    prefix = f"seat{seat}."
    blocks = [
        Block(prefix + "drew", cards, "card flags: the cards it took from the stocks this round"),
        Block(
            prefix + "lost",
            cards,
            "card flags: the cards it lost or threw away this round (busted piles, a pile "
            "given up for a Shadow, Shadows, QUANTUM leftovers, action cards it could not keep)",
        ),
    ]
    if config.classic:
        blocks += [
            Block(
                prefix + "activated",
                len(ACTION_CARDS),
                f"flags ({_ACTION_NAMES}): the action cards it activated this round",
            ),
            Block(prefix + "hit", 2, "a turn of it was hit by DOUBLE; was skipped (this round)"),
        ]
    blocks.append(
        Block(
            prefix + "validation",
            2 * _N_OBJECTIVES + 1,
            "per objective: passed this round; validated this round; then: done validating",
        )
    )
    return blocks


def _itself(card: NumCard) -> NumCard:
    return card


Positions = dict[Hashable, int]
"""Where each card's flag is in the tensor, by the card's key (see `_Lookup`)."""


class _Lookup:
    """Each card-flag block's positions in the tensor, by `key(card)`.

    The key is `id` for the interned cards (one C call, no Python-level hash), the card
    itself for a card made by hand (equal to an interned one, not the same object).
    """

    __slots__ = ("at", "families", "history", "index", "key", "seats", "values")

    def __init__(self, config: Config, offsets: dict[str, int], key: Keyer) -> None:
        card_keys = [key(card) for card in config.all_cards()]
        action_keys = [key(card) for card in ACTION_CARDS]

        def positions(block: str, keys: list[Hashable] = card_keys) -> Positions:
            start = offsets.get(block)
            return {} if start is None else {k: start + i for i, k in enumerate(keys)}

        self.key = key
        self.index: Positions = {k: i for i, k in enumerate(card_keys)}
        self.at = {name: positions(name) for name in _CARD_BLOCKS}
        # Per relative seat: pile, collection, scored, reserve; drew, lost, activated.
        self.seats = [
            (
                positions(f"seat{k}.pile"),
                positions(f"seat{k}.collection"),
                positions(f"seat{k}.scored"),
                positions(f"seat{k}.reserve", action_keys),
            )
            for k in range(config.players)
        ]
        self.history = [
            (
                positions(f"seat{k}.drew"),
                positions(f"seat{k}.lost"),
                positions(f"seat{k}.activated", action_keys),
            )
            for k in range(config.players)
        ]
        # Within a pile_end block: the family's place, the value's place.
        self.families: Positions = {}
        self.values: Positions = {}
        for card in config.all_cards():
            if type(card) is FamilyCard:
                self.families[key(card)] = _FAMILY_INDEX[card.family]
                self.values[key(card)] = len(FAMILIES) + card.value


_CARD_BLOCKS = ("top_a", "top_b", "pending", "discard", "selection", "seen")
"""The card-flag blocks that are not a seat's."""


class _Tables:
    """Everything the builders need for one Config, computed once: offsets and lookups."""

    __slots__ = (
        "cards",
        "classic",
        "double_draws",
        "fast",
        "history_bases",
        "history_layout",
        "history_off",
        "history_size",
        "inv_points",
        "inv_run",
        "inv_stock",
        "inv_total",
        "last_round",
        "observation_layout",
        "observation_size",
        "off",
        "players",
        "round_high",
        "rows",
        "run_high",
        "seat_bases",
        "seat_off",
        "slow",
        "values",
        "zones",
    )

    def __init__(self, config: Config) -> None:
        all_cards = config.all_cards()
        players, cards = config.players, len(all_cards)
        highs = [points_range(config, objective)[1] for objective in OBJECTIVES]
        total = sum(highs)
        blocks = _global_blocks(config, cards)
        for seat in range(players):
            blocks += _seat_blocks(config, seat, cards, total)
        self.observation_layout = Layout(tuple(blocks))
        self.observation_size = self.observation_layout.size
        history = [Block("seen", cards, "card flags: the cards this seat saw with FLIP this round")]
        for seat in range(players):
            history += _history_blocks(config, seat, cards)
        self.history_layout = Layout((*blocks, *history))
        self.history_size = self.history_layout.size
        # Global blocks by name; a seat's blocks at its base plus the block's offset.
        offsets = {name: part.start for name, part in self.history_layout.offsets().items()}
        self.off = offsets
        self.seat_bases = [offsets[f"seat{k}.pile"] for k in range(players)]
        self.seat_off = {
            name: offsets[f"seat0.{name}"] - self.seat_bases[0]
            for name in ("pile_end", "collection", "effects", "scorecard")
        }
        self.history_bases = [offsets[f"seat{k}.drew"] for k in range(players)]
        self.history_off = {
            name: offsets[f"seat0.{name}"] - self.history_bases[0]
            for name in ("hit", "validation")
            if f"seat0.{name}" in offsets
        }
        self.players = players
        self.classic = config.classic
        self.fast = _Lookup(config, offsets, id)
        self.slow = _Lookup(config, offsets, _itself)
        self.values = config.max_value + 1
        self.run_high = config.family_run - 1
        self.inv_run = 1.0 / self.run_high
        self.double_draws = config.double_draws
        self.inv_stock = 1.0 / (cards - cards // 2)
        self.inv_points = [1.0 / high if high else 0.0 for high in highs]
        self.inv_total = 1.0 / total if total else 0.0
        limit = config.max_rounds
        self.round_high = ROUND_HORIZON if limit is None else limit - 1
        self.last_round = None if limit is None else limit - 1
        self.cards = cards
        self.rows: dict[tuple[int | None, ...], list[float]] = {}
        self.zones: dict[int, tuple[Sequence[NumCard], list[float]]] = {}

    def scorecard_row(self, scorecard: tuple[int | None, ...]) -> list[float]:
        """The `scorecard` and `totals` blocks of a seat with this scorecard (cached)."""
        row = self.rows.get(scorecard)
        if row is None:
            row = [0.0] * (2 * _N_OBJECTIVES + 2)
            total = done = 0
            for i, points in enumerate(scorecard):
                if points is not None:
                    row[i] = 1.0
                    row[_N_OBJECTIVES + i] = min(1.0, points * self.inv_points[i])
                    total, done = total + points, done + 1
            row[-2] = min(1.0, total * self.inv_total)
            row[-1] = done / _N_OBJECTIVES
            if len(self.rows) >= _MAX_ROWS:
                self.rows.clear()
            self.rows[scorecard] = row
        return row

    def zone_block(self, zone: Sequence[NumCard], lk: _Lookup) -> list[float]:
        """The card flags of `zone`, cached while the same tuple lives on from state to state.

        A discard or a collection changes a few times a round but is read at every step:
        its flags are copied in one slice rather than set card by card. The cache holds
        the zone itself, so its `id` cannot be reused by another object meanwhile.
        """
        entry = self.zones.get(id(zone))
        if entry is not None and entry[0] is zone:
            return entry[1]
        block = [0.0] * self.cards
        for i in map(lk.index.__getitem__, map(lk.key, zone)):
            block[i] = 1.0
        if len(self.zones) >= _MAX_ZONES:
            self.zones.clear()
        self.zones[id(zone)] = (zone, block)
        return block


_MAX_ROWS = 4096
"""The most scorecard rows one Config's tables keep (a bound for very long runs)."""

_MAX_ZONES = 1024
"""The most zones one Config's tables keep (a few states' worth)."""

_CACHED_ZONE = 8
"""Zones of this many cards or more are copied from `zone_block`; smaller ones set flags."""


def _checked_tables(config: Config) -> _Tables:
    if not isinstance(config, Config):
        raise ConfigError(f"expected a numstop.Config, got {config!r}")
    return _Tables(config)


_tables = per_config(_checked_tables)


def observation_layout(config: Config) -> Layout:
    """The blocks of the observation tensor of a game of `config`.

    Raises:
        ConfigError: `config` is not a Num Stop `Config`.

    """
    return _tables(config).observation_layout


def information_state_layout(config: Config) -> Layout:
    """The blocks of the information-state tensor: the observation's, then this round's history.

    Raises:
        ConfigError: `config` is not a Num Stop `Config`.

    """
    return _tables(config).history_layout


def observation_tensor(obs: Observation) -> list[float]:
    """The seat's view now, as `observation_layout(obs.config).size` floats in [0, 1].

    Raises:
        SeatError: `obs` is a spectator's observation (seat None).
        StateError: `obs` holds a card that is not a card of its game.

    """
    seat = tensor_seat(obs.seat)
    t = _tables(obs.config)
    try:
        values = [0.0] * t.observation_size
        _fill_observation(values, obs, seat, t, t.fast)
    except KeyError:  # a card made by hand, equal to an interned one: look it up by value
        values = [0.0] * t.observation_size
        _slowly(_fill_observation, values, obs, seat, t)
    return values


def information_state_tensor(obs: Observation) -> list[float]:
    """The observation tensor, then what the seat remembers of this round (`obs.log`).

    Raises:
        SeatError: `obs` is a spectator's observation (seat None).
        StateError: `obs` holds a card that is not a card of its game.

    """
    seat = tensor_seat(obs.seat)
    t = _tables(obs.config)
    try:
        values = [0.0] * t.history_size
        _fill_observation(values, obs, seat, t, t.fast)
        _fill_history(values, obs, seat, t, t.fast)
    except KeyError:
        values = [0.0] * t.history_size
        _slowly(_fill_observation, values, obs, seat, t)
        _slowly(_fill_history, values, obs, seat, t)
    return values


_Fill = Callable[[list[float], Observation, int, _Tables, _Lookup], None]


def _slowly(fill: _Fill, values: list[float], obs: Observation, seat: int, t: _Tables) -> None:
    # `fill` with cards looked up by value; a card of no Num Stop game is a StateError.
    try:
        fill(values, obs, seat, t, t.slow)
    except KeyError:
        raise StateError("the observation holds a card that is not a card of its game") from None


_consume = deque[None](maxlen=0).extend
_ONES = repeat(1.0)


def _flag(v: list[float], positions: Positions, cards: Iterable[NumCard], key: Keyer) -> None:
    # 1.0 at each card's position, the loop in C: this is most of a tensor's cost.
    _consume(map(v.__setitem__, map(positions.__getitem__, map(key, cards)), _ONES))


def _fill_observation(v: list[float], obs: Observation, seat: int, t: _Tables, lk: _Lookup) -> None:
    # Writes the observation blocks at the start of `v` (all zeros on entry).
    off, players, key, at = t.off, t.players, lk.key, lk.at
    v[_PHASE_INDEX[obs.phase]] = 1.0  # "phase" is the first block
    for s in obs.to_act:
        v[off["player"] + (s - seat) % players] = 1.0
    v[off["first"] + (obs.round - seat) % players] = 1.0  # round r opens with seat r mod n
    start = off["round"]
    v[start] = min(1.0, obs.round / t.round_high) if t.round_high else 0.0
    if t.last_round is not None and obs.round >= t.last_round:
        v[start + 1] = 1.0
    start = off["stocks"]
    size_a, size_b = obs.stock_sizes
    v[start] = min(1.0, size_a * t.inv_stock)
    v[start + 1] = min(1.0, size_b * t.inv_stock)
    start = off["turn"]
    drawn = obs.drawn
    if drawn:
        v[start] = 1.0
    if obs.double:
        v[start + 1] = 1.0
        owed = t.double_draws - drawn
        if owed > 0:
            v[start + 2] = owed / t.double_draws
    peek_a, peek_b = obs.peeks
    if peek_a is not None:
        v[off["peeks"] + (peek_a - seat) % players] = 1.0
    if peek_b is not None:
        v[off["peeks"] + players + (peek_b - seat) % players] = 1.0
    top_a, top_b = obs.tops
    if top_a is not None:
        v[at["top_a"][key(top_a)]] = 1.0
    if top_b is not None:
        v[at["top_b"][key(top_b)]] = 1.0
    if obs.pending:
        _flag(v, at["pending"], obs.pending, key)
    discard = obs.discard
    if len(discard) >= _CACHED_ZONE:
        start = off["discard"]
        v[start : start + t.cards] = t.zone_block(discard, lk)
    else:
        _flag(v, at["discard"], discard, key)
    if obs.objective is not None:
        v[off["objective"] + obs.objective.index] = 1.0
        _flag(v, at["selection"], obs.selection, key)
    _fill_seats(v, obs, seat, t, lk)


def _fill_seats(v: list[float], obs: Observation, seat: int, t: _Tables, lk: _Lookup) -> None:
    # The per-seat blocks, the observer's first.
    players, seat_off, key = t.players, t.seat_off, lk.key
    families, values = lk.families, lk.values
    end_at = seat_off["pile_end"]
    run_at = end_at + len(FAMILIES) + t.values
    effects_at, card_at = seat_off["effects"], seat_off["scorecard"]
    row_end = card_at + 2 * _N_OBJECTIVES + 2  # the scorecard and totals blocks, in a row
    run_high, inv_run, scorecard_row = t.run_high, t.inv_run, t.scorecard_row
    cards, zone_block, collection_offset = t.cards, t.zone_block, seat_off["collection"]
    piles, collections, reserves, scored = obs.piles, obs.collections, obs.reserves, obs.scored
    doubled, skipped, scorecards = obs.doubled, obs.skipped, obs.scorecards
    for k, base in enumerate(t.seat_bases):
        s = (seat + k) % players
        pile_at, collection_at, scored_at, reserve_at = lk.seats[k]
        pile = piles[s]
        if pile:
            _flag(v, pile_at, pile, key)
            last = key(pile[-1])
            family = families[last]
            v[base + end_at + family] = 1.0
            v[base + end_at + values[last]] = 1.0
            run, i = 1, len(pile) - 2
            while i >= 0 and run < run_high and families[key(pile[i])] == family:
                run, i = run + 1, i - 1
            v[base + run_at] = run * inv_run
        collection = collections[s]
        if len(collection) >= _CACHED_ZONE:
            start = base + collection_offset
            v[start : start + cards] = zone_block(collection, lk)
        elif collection:
            _flag(v, collection_at, collection, key)
        if scored[s]:
            _flag(v, scored_at, scored[s], key)
        if reserves[s]:
            _flag(v, reserve_at, reserves[s], key)
        if s in doubled:
            v[base + effects_at] = 1.0
        if s in skipped:
            v[base + effects_at + 1] = 1.0
        v[base + card_at : base + row_end] = scorecard_row(scorecards[s])


def _fill_history(v: list[float], obs: Observation, seat: int, t: _Tables, lk: _Lookup) -> None:
    # The history blocks, from the round's events as `seat` was told them (commonest first).
    players, key, seen = t.players, lk.key, lk.at["seen"]
    # By absolute seat: its drew, lost and activated positions, where its blocks start.
    mine = [lk.history[(s - seat) % players] for s in range(players)]
    bases = [t.history_bases[(s - seat) % players] for s in range(players)]
    hit_at = t.history_off.get("hit", 0)
    validation_at = t.history_off["validation"]
    for event in round_events(obs.log, RoundDealt, 256):
        if type(event) is Drew:
            v[mine[event.seat][0][key(event.card)]] = 1.0
            continue
        kind = type(event)
        if kind in _SILENT:
            continue
        if isinstance(event, Busted | ShadowKept | QuantumKept):
            if isinstance(event, Busted):
                lost = event.cards
            else:
                lost = event.lost if isinstance(event, ShadowKept) else event.discarded
            _flag(v, mine[event.seat][1], lost, key)
        elif isinstance(event, ShadowDiscarded | JokerPlayed):
            _, lost_at, activated = mine[event.seat]
            v[lost_at[key(event.shadow)]] = 1.0
            if isinstance(event, JokerPlayed):
                v[activated[key(JOKER)]] = 1.0
        elif isinstance(event, Passed | Validated):
            start = validation_at + bases[event.seat] + event.objective.index
            v[start + _N_OBJECTIVES * (kind is Validated)] = 1.0
        elif isinstance(event, ValidationEnded):
            v[validation_at + bases[event.seat] + 2 * _N_OBJECTIVES] = 1.0
        elif isinstance(event, ActionCardLost):
            v[mine[event.seat][1][key(event.card)]] = 1.0
        elif isinstance(event, QuantumTook):
            drew, _, activated = mine[event.seat]
            v[activated[key(QUANTUM)]] = 1.0
            _flag(v, drew, event.cards, key)
        elif isinstance(event, DoubleActivated | SkipActivated | Swiped):
            v[mine[event.seat][2][key(_ACTIVATED[kind])]] = 1.0
        elif isinstance(event, Flipped):
            v[mine[event.seat][2][key(FLIP)]] = 1.0
            if event.seat == seat:
                _flag(v, seen, (top for top in event.tops if top is not None), key)
        elif isinstance(event, DoubleTurn | TurnSkipped):
            v[hit_at + bases[event.seat] + (kind is TurnSkipped)] = 1.0


_SILENT: frozenset[type[Event]] = frozenset(
    {Locked, Stopped, Reserved, Picked, SkippedTurnEnded, RoundEnded, GameEnded}
)
"""The events that add nothing to the history blocks (the observation shows their effect)."""

_ACTIVATED: dict[type[Event], NumCard] = {
    DoubleActivated: DOUBLE,
    SkipActivated: SKIP,
    Swiped: SWIPE,
}
"""The action card each activation event names by its type."""


TENSORS: Tensors[Config, Observation] = Tensors(
    observation_layout=observation_layout,
    observation=observation_tensor,
    information_state_layout=information_state_layout,
    information_state=information_state_tensor,
)
"""Num Stop's tensors (the `Game.tensors` field of `GAME`)."""
