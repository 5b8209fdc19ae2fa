"""Determinization for Num Stop: a full state drawn from what one seat knows.

Everything in Num Stop is public except the two stocks: their sizes are known, and
every card not in a stock has been seen (piles, collections, reserves, the discard,
the cards awaiting a decision). A seat that activated a FLIP also knows the top card of
each stock it looked at, for as long as that card stays there (cards leave a stock only
from the top, and none is ever added). No rule lets play reveal which stock holds an
unseen card or in what order: the round's shuffle dealt them, and a draw shows a card
only as it leaves. So every order of the unseen cards in the two stocks that keeps the
seen tops on top is equally likely, and `sample_state` draws one.
"""

from __future__ import annotations

import random

from numrules.core.cards import NumCard
from numrules.core.events import log_of_view
from numrules.core.sampling import deal, sample_seed
from numrules.numstop.observation import Observation
from numrules.numstop.state import State


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A full state drawn uniformly among those consistent with `observation`.

    The sample looks the same to the observing seat (same observation, same events,
    same legal actions) and passes `check_state`. Its seed is drawn from `rng`, so the
    later rounds are shuffled afresh; a seat that saw a stock's top card with FLIP (the
    observer or another) sees the sample's card there.

    Raises:
        SamplingError: the unseen cards do not fill the stocks (the observation was not
            taken from a game).

    """
    sizes, tops = observation.stock_sizes, observation.tops
    unseen = observation.unseen()
    # `unseen` is a set: the deck's order makes the sample independent of the hash seed.
    rest = tuple(card for card in observation.config.all_cards() if card in unseen)
    below = [size - (top is not None) for size, top in zip(sizes, tops, strict=True)]
    parts = deal(rest, below, rng)
    stocks: list[tuple[NumCard, ...]] = []
    for top, part in zip(tops, parts, strict=True):
        stocks.append(part if top is None else (top, *part))
    return State(
        config=observation.config,
        seed=sample_seed(rng),
        round=observation.round,
        phase=observation.phase,
        player=observation.player,
        stocks=(stocks[0], stocks[1]),
        piles=observation.piles,
        collections=observation.collections,
        reserves=observation.reserves,
        scored=observation.scored,
        discard=observation.discard,
        pending=observation.pending,
        drawn=observation.drawn,
        double=observation.double,
        doubled=observation.doubled,
        skipped=observation.skipped,
        peeks=observation.peeks,
        scorecards=observation.scorecards,
        objective=observation.objective,
        selection=observation.selection,
        log=log_of_view(observation.log),
    )
