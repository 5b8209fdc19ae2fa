"""Stack Attack tensors: one seat's view as fixed-length float vectors.

The contract is `numrules.core.tensors`. With D = `deck_size`, P = `players`, R = `rows`
and H = `hand_size`, card n of a block over the deck is at index n - 1, and a block per
seat holds seat k (k seats after the observer; 0 is the observer) at k * D. The layouts,
block by block, are the tables of docs/reference/stackattack.md ("Tensors").

The information state adds the history of the current round, read from the seat's
events: who revealed which card at which turn, who placed it on which row, the rows
taken and what each SWITCH and BLOCK did. Each round is dealt from a fresh shuffle, so
earlier rounds count only through the totals.

Both builders write into one preallocated list at offsets computed once per Config.
"""

from __future__ import annotations

from collections.abc import Sequence

from numrules.core.events import Event
from numrules.core.tensors import Block, Layout, Tensors, per_config, round_events, tensor_seat
from numrules.stackattack.config import Config
from numrules.stackattack.event_types import (
    Blocked,
    Chose,
    Dealt,
    Placed,
    Revealed,
    RowTaken,
    Switched,
)
from numrules.stackattack.observation import Observation
from numrules.stackattack.state import Phase

_PHASES = tuple(Phase)


def _observation_blocks(config: Config) -> tuple[Block, ...]:
    deck, players, rows = config.deck_size, config.players, config.rows
    return (
        Block("hand", deck, "the cards of the own hand: card n at n - 1"),
        Block("choice", deck, "the own secret choice, until the reveal"),
        Block("phase", len(_PHASES), "one-hot: choose, switch, block, take, shield, over"),
        Block("to act", players, "the seats expected to act (seat k: k seats after the observer)"),
        Block("chosen", players, "while choosing, the seats that have chosen (never what)"),
        Block("turn", config.hand_size, "one-hot turn of the round (none once the game is over)"),
        Block("last round", 1, "1 when `max_rounds` ends the game after this round"),
        Block("rows", rows * deck, "the cards of row r: card n at r * D + n - 1"),
        Block("row ends", rows * deck, "the last card of row r (one-hot per row)"),
        Block("row lengths", rows, "each row's length / `row_limit` (at most 1)"),
        Block(
            "row points",
            rows,
            f"each row's penalty points / {_row_points_high(config)}, the most a row can hold",
        ),
        Block("blocked", rows, "the rows a BLOCK closed this turn"),
        Block("revealed", players * deck, "the card seat k holds in the reveal until it is placed"),
        Block("queue", deck, "the revealed cards still to resolve in this stage"),
        Block("placing", 1, "1 in the placement stage of the reveal"),
        Block("decreasing", 1, "1 when a DECREASING was revealed this turn"),
        Block("taken", players * deck, "the cards seat k has taken this round"),
        Block(
            "round points", players, "seat k's penalty points this round / `end_score` (at most 1)"
        ),
        Block("totals", players, "seat k's total / `end_score` (at most 1)"),
    )


def _history_blocks(config: Config) -> tuple[Block, ...]:
    deck, players, rows = config.deck_size, config.players, config.rows
    return (
        Block("revealed by", players * deck, "this round: the cards seat k chose (its reveals)"),
        Block("reveal turn", deck, "this round: (t + 1) / H for each card revealed at turn t"),
        Block("placed by", players * deck, "this round: the cards seat k placed (after switches)"),
        Block("placed on", rows * deck, "this round: the cards placed on row r"),
        Block("took a row", deck, "this round: the cards whose placement took a row"),
        Block("rows taken", players, "this round: how many rows seat k took / H"),
        Block(
            "switches",
            len(config.switch) * 2 * players,
            "this round, for the i-th SWITCH card (config order): the seat that held it at"
            " i * 2P + k, the seat it swapped with at i * 2P + P + k",
        ),
        Block(
            "blocks",
            len(config.block) * (players + rows),
            "this round, for the i-th BLOCK card (config order): the seat that held it at"
            " i * (P + R) + k, the row it closed at i * (P + R) + P + r",
        ),
    )


def _row_points_high(config: Config) -> int:
    # The most penalty points one row can hold: row_limit cards and every SHIELD.
    longest = config.row_limit + len(config.shield)
    return sum(sorted(config.penalties, reverse=True)[:longest])


class _Plan:
    """Everything a Config fixes: the layouts, the offsets of the blocks, the scales."""

    __slots__ = (
        "at",
        "block_index",
        "config",
        "deck",
        "end_score",
        "hand_size",
        "information_state",
        "information_state_size",
        "inverse_limit",
        "inverse_row_points",
        "last_round",
        "observation",
        "observation_size",
        "penalty",
        "phase_index",
        "players",
        "relative",
        "rows",
        "switch_index",
    )

    def __init__(self, config: Config) -> None:
        self.config = config
        self.observation = Layout(_observation_blocks(config))
        self.information_state = Layout(self.observation.blocks + _history_blocks(config))
        self.observation_size = self.observation.size
        self.information_state_size = self.information_state.size
        self.at = {name: where.start for name, where in self.information_state.offsets().items()}
        """Where each block starts, by name (the observation's blocks start at the same place
        in both tensors)."""
        self.deck = config.deck_size
        self.players = players = config.players
        self.rows = config.rows
        self.hand_size = config.hand_size
        self.end_score = config.end_score
        self.last_round = None if config.max_rounds is None else config.max_rounds - 1
        self.penalty = (0, *config.penalties)  # by card number
        high = _row_points_high(config)
        self.inverse_row_points = 1.0 / high if high else 0.0
        self.inverse_limit = 1.0 / config.row_limit
        self.phase_index = {phase: i for i, phase in enumerate(_PHASES)}
        # relative[observer][seat]: `seat` counted from `observer`.
        self.relative = tuple(
            tuple((seat - observer) % players for seat in range(players))
            for observer in range(players)
        )
        self.switch_index = {card: i for i, card in enumerate(config.switch)}
        self.block_index = {card: i for i, card in enumerate(config.block)}


_plan = per_config(_Plan)


def observation_layout(config: Config) -> Layout:
    """The layout of the observation tensor of a game of `config`."""
    return _plan(config).observation


def information_state_layout(config: Config) -> Layout:
    """The layout of the information-state tensor: the observation's blocks, then history."""
    return _plan(config).information_state


def observation_tensor(obs: Observation) -> list[float]:
    """The observing seat's view of the table now, as `observation_layout(config).size` floats.

    Raises:
        SeatError: `obs` is a spectator's (seat None): the tensors are a seat's view.

    """
    plan = _plan(obs.config)
    values = [0.0] * plan.observation_size
    _write_observation(values, obs, tensor_seat(obs.seat), plan)
    return values


def information_state_tensor(obs: Observation) -> list[float]:
    """The observation tensor followed by the history of the round the seat remembers.

    Raises:
        SeatError: `obs` is a spectator's (seat None): the tensors are a seat's view.

    """
    plan = _plan(obs.config)
    seat = tensor_seat(obs.seat)
    values = [0.0] * plan.information_state_size
    _write_observation(values, obs, seat, plan)
    # A turn usually records a choice and a placement per seat, a reveal and a take.
    guess = (obs.turn + 1) * (2 * plan.players + 2) + 4
    _write_history(values, round_events(obs.log, Dealt, guess), seat, plan)
    return values


def _write_observation(values: list[float], obs: Observation, seat: int, plan: _Plan) -> None:
    at = plan.at
    deck = plan.deck
    rel = plan.relative[seat]
    penalty = plan.penalty
    start = at["hand"] - 1  # card n at start + n
    for card in obs.hand:
        values[start + card] = 1.0
    if obs.choice is not None:
        values[at["choice"] - 1 + obs.choice] = 1.0
    values[at["phase"] + plan.phase_index[obs.phase]] = 1.0
    start = at["to act"]
    for s in obs.to_act:
        values[start + rel[s]] = 1.0
    start = at["chosen"]
    for s, chosen in enumerate(obs.chosen):
        if chosen:
            values[start + rel[s]] = 1.0
    if obs.turn < plan.hand_size:
        values[at["turn"] + obs.turn] = 1.0
    if plan.last_round is not None and obs.round >= plan.last_round:
        values[at["last round"]] = 1.0
    cards_at, ends_at = at["rows"] - 1, at["row ends"] - 1
    lengths_at, points_at = at["row lengths"], at["row points"]
    inverse_limit, inverse_points = plan.inverse_limit, plan.inverse_row_points
    for r, row in enumerate(obs.rows):
        base = cards_at + r * deck
        points = 0
        for card in row:
            values[base + card] = 1.0
            points += penalty[card]
        if row:
            values[ends_at + r * deck + row[-1]] = 1.0
        values[lengths_at + r] = min(1.0, len(row) * inverse_limit)
        values[points_at + r] = min(1.0, points * inverse_points)
    start = at["blocked"]
    for r in obs.blocked:
        values[start + r] = 1.0
    start = at["revealed"] - 1
    for s, held in enumerate(obs.revealed):
        if held is not None:
            values[start + rel[s] * deck + held] = 1.0
    start = at["queue"] - 1
    for card in obs.queue:
        values[start + card] = 1.0
    if obs.placing:
        values[at["placing"]] = 1.0
    if obs.decreasing:
        values[at["decreasing"]] = 1.0
    taken_at, round_at, totals_at = at["taken"] - 1, at["round points"], at["totals"]
    inverse_end = 1.0 / plan.end_score
    for s, cards in enumerate(obs.taken):
        k = rel[s]
        base = taken_at + k * deck
        points = 0
        for card in cards:
            values[base + card] = 1.0
            points += penalty[card]
        values[round_at + k] = min(1.0, points * inverse_end)
        values[totals_at + k] = min(1.0, (obs.banked[s] + points) * inverse_end)


def _write_history(values: list[float], events: Sequence[Event], seat: int, plan: _Plan) -> None:
    at = plan.at
    deck, players, rows = plan.deck, plan.players, plan.rows
    rel = plan.relative[seat]
    inverse_hand = 1.0 / plan.hand_size
    revealed_at, turn_at = at["revealed by"] - 1, at["reveal turn"] - 1
    placed_at, row_at, took_at = at["placed by"] - 1, at["placed on"] - 1, at["took a row"] - 1
    takes = [0] * players
    took = False  # a RowTaken comes just before the Placed of the card that took the row
    for event in events:
        if isinstance(event, Chose):  # the most frequent event, and nothing to add
            continue
        if isinstance(event, Placed):
            card = event.card
            values[placed_at + rel[event.seat] * deck + card] = 1.0
            values[row_at + event.row * deck + card] = 1.0
            if took:
                values[took_at + card] = 1.0
                took = False
        elif isinstance(event, Revealed):
            when = min(1.0, (event.turn + 1) * inverse_hand)
            for s, card in enumerate(event.cards):
                values[revealed_at + rel[s] * deck + card] = 1.0
                values[turn_at + card] = when
        elif isinstance(event, RowTaken):
            takes[event.seat] += 1
            took = True
        elif isinstance(event, Switched):
            start = at["switches"] + plan.switch_index[event.gave] * 2 * players
            values[start + rel[event.seat]] = 1.0
            values[start + players + rel[event.target]] = 1.0
        elif isinstance(event, Blocked):
            start = at["blocks"] + plan.block_index[event.card] * (players + rows)
            values[start + rel[event.seat]] = 1.0
            values[start + players + event.row] = 1.0
    start = at["rows taken"]
    for s, count in enumerate(takes):
        values[start + rel[s]] = min(1.0, count * inverse_hand)


TENSORS: Tensors[Config, Observation] = Tensors(
    observation_layout=observation_layout,
    observation=observation_tensor,
    information_state_layout=information_state_layout,
    information_state=information_state_tensor,
)
"""Stack Attack's tensors (`GAME.tensors`)."""
