"""Independent checks of Num Wars determinization: replaying a round, brute-force placements.

Nothing here uses `numrules.numwars.strategy.sampling`: a sample is checked by replaying the round
with the rules' own `apply`, and the consistent placements of a small position are found
by trying every split of its hidden cards.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import attrs

from numrules import numwars as nw
from numrules.core.cards import NumCard, sort_num_cards
from numrules.core.errors import IllegalActionError

Split = tuple[tuple[NumCard, ...], ...]
"""Where the hidden cards lie: each seat's hand (the observer's empty), then the aside pile."""


def round_plays(observation: nw.Observation) -> list[nw.Play]:
    """The plays of the current round so far, in order, read from the observation's log."""
    events = list(observation.log)
    start = max(i for i, e in enumerate(events) if isinstance(e, nw.Dealt))
    return [
        nw.Play(event.seat, event.card)
        for event in events[start:]
        if isinstance(event, nw.Played | nw.Stole)
    ]


def round_start(state: nw.State, plays: list[nw.Play]) -> nw.State:
    """The state at the deal of `state`'s round, given the plays of the round since.

    Each hand is what the seat holds now plus what it has played; the lots, the aside
    pile and the finished rounds are `state`'s.
    """
    n = state.players
    hands = [list(hand) for hand in state.hands]
    for play in plays:
        hands[play.seat].append(play.card)
    return nw.State(
        config=state.config,
        seed=state.seed,
        round=state.round,
        phase=nw.Phase.PLAY,
        history=state.history[: state.round],
        lots=state.lots,
        hands=tuple(sort_num_cards(hand) for hand in hands),
        aside=state.aside,
        leader=(state.round + 1) % n,
        trick=(),
        won=((),) * n,
        pairs=((),) * n,
        tricks=(0,) * n,
        bomb=None,
        capturer=None,
        protector=None,
    )


def replay_problem(state: nw.State, plays: list[nw.Play]) -> str | None:
    """Why `state` could not have been reached by `plays` from its round's deal (None: it can).

    The deal must give each seat exactly one lot card (its own, `state.lots`) and put none
    aside; then every play must be legal for the rules (`apply`), and the round must
    arrive at `state`'s hands, trick and won piles.
    """
    lot = set(state.config.lot())
    start = round_start(state, plays)
    for seat, hand in enumerate(start.hands):
        held = [card for card in hand if card in lot]
        if held != [state.lots[seat]]:
            return f"lot: seat {seat} was dealt the lot cards {held}"
    if lot & set(state.aside):
        return "lot: a lot card is set aside"
    now = start
    for play in plays:
        try:
            now = nw.apply(now, play)
        except IllegalActionError as error:
            return f"play: {play}: {error}"
    if state.phase is nw.Phase.PLAY and (
        now.hands != state.hands or now.trick != state.trick or now.won != state.won
    ):
        return "the replay does not arrive at the position"
    return None


def splits(observation: nw.Observation) -> Iterator[Split]:
    """Every way to put the cards the observer cannot see into the other hands and aside."""
    config = observation.config
    seen = set(observation.hand)
    seen.update(card for card in observation.trick if card is not None)
    for pile in (*observation.won, *observation.pairs):
        seen.update(pile)
    hidden = tuple(card for card in config.all_cards() if card not in seen)
    others = [s for s in range(config.players) if s != observation.seat]

    def fill(
        left: tuple[NumCard, ...], seats: list[int]
    ) -> Iterator[tuple[tuple[NumCard, ...], ...]]:
        if not seats:
            yield (left,)
            return
        size = observation.hand_sizes[seats[0]]
        for hand in itertools.combinations(left, size):
            rest = tuple(card for card in left if card not in hand)
            for tail in fill(rest, seats[1:]):
                yield (hand, *tail)

    for parts in fill(hidden, others):
        hands: list[tuple[NumCard, ...]] = [()] * config.players
        for seat, hand in zip(others, parts, strict=False):
            hands[seat] = hand
        yield (*hands, parts[-1])


def state_of(observation: nw.Observation, split: Split) -> nw.State:
    """The full state the observation and a split of its hidden cards describe."""
    config = observation.config
    lot = config.lot()
    plays = round_plays(observation)
    hands = [
        observation.hand if seat == observation.seat else split[seat]
        for seat in range(config.players)
    ]
    lots: list[NumCard] = []
    for seat, hand in enumerate(hands):
        mine = [card for card in hand if card in lot]
        mine += [play.card for play in plays if play.seat == seat and play.card in lot]
        lots.append(mine[0] if len(mine) == 1 else lot[seat])  # a bad deal: the replay says so
    return nw.State(
        config=config,
        seed=0,
        round=observation.round,
        phase=observation.phase,
        history=observation.history,
        lots=tuple(lots),
        hands=tuple(sort_num_cards(hand) for hand in hands),
        aside=sort_num_cards(split[-1]),
        leader=observation.leader,
        trick=observation.trick,
        won=observation.won,
        pairs=observation.pairs,
        tricks=observation.tricks,
        bomb=observation.bomb,
        capturer=observation.capturer,
        protector=observation.protector,
    )


def consistent_splits(observation: nw.Observation) -> tuple[list[Split], list[str]]:
    """The splits of the hidden cards that legal play could have led to, and why the others fail.

    A split is consistent when its deal gives one lot card to each seat and the round
    replays legally from it to the observed position.
    """
    plays = round_plays(observation)
    good: list[Split] = []
    why: list[str] = []
    for split in splits(observation):
        state = state_of(observation, split)
        problem = replay_problem(state, plays)
        if problem is None:
            good.append(split)
        else:
            why.append(problem)
    return good, why


def split_of(state: nw.State, seat: int | None) -> Split:
    """Where `state` puts the cards `seat` cannot see (in the form of `splits`)."""
    return (
        *(() if other == seat else hand for other, hand in enumerate(state.hands)),
        state.aside,
    )


def late_position(seed: int, left: int, players: int = 3) -> nw.State:
    """A seeded random game of one round, played until the seat to act holds `left` cards."""
    state = nw.new_game(nw.Config(players=players, rounds=1), seed)
    rnd = random.Random(seed)
    while len(state.hands[state.turn]) > left:
        actions = nw.legal_actions(state)
        state = nw.apply(state, actions[rnd.randrange(len(actions))])
    return attrs.evolve(state)
