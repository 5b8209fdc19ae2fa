"""Determinization for Stack Attack: a full state drawn from what one seat knows.

A seat knows the rows, the taken cards, its own hand and choice, the hand sizes, who
has chosen, and every card revealed so far. The cards it cannot locate (the other
hands, the other secret choices of this turn, the cards left out of the deal) were
dealt by a uniform shuffle, and no rule lets play reveal more about them: a card
leaves a hand only when it is revealed. So every split of the unseen cards into those
places, with their known sizes, is equally likely, and `sample_state` draws one.
"""

from __future__ import annotations

import random

from numrules.core.events import log_of_view
from numrules.core.sampling import deal, sample_seed
from numrules.stackattack.cards import Card
from numrules.stackattack.observation import Observation
from numrules.stackattack.state import Phase, State


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A full state drawn uniformly among those consistent with `observation`.

    The sample looks the same to the observing seat (same observation, same events,
    same legal actions) and passes `check_state`; its seed is drawn from `rng`, so the
    later rounds are dealt afresh. A spectator's observation (seat None) samples every
    hand.

    Raises:
        SamplingError: the unseen cards do not fill the other hands and secret choices
            (the observation was not taken from a game).

    """
    seat, config = observation.seat, observation.config
    n = config.players
    choosing = observation.phase is Phase.CHOOSE
    seen = {card for row in observation.rows for card in row}
    seen.update(card for cards in observation.taken for card in cards)
    seen.update(card for card in observation.revealed if card is not None)
    seen.update(observation.hand)
    if observation.choice is not None:
        seen.add(observation.choice)
    unseen = tuple(card for card in config.all_cards() if card not in seen)
    # The hidden places: each other hand, each other secret choice, then the unused cards.
    others = [other for other in range(n) if other != seat]
    secret = [o for o in others if choosing and observation.chosen[o]]
    sizes = [observation.hand_sizes[o] for o in others] + [1] * len(secret)
    parts = deal(unseen, [*sizes, len(unseen) - sum(sizes)], rng)
    hands: list[tuple[Card, ...]] = [()] * n
    if seat is not None:
        hands[seat] = observation.hand
    for other, part in zip(others, parts, strict=False):
        hands[other] = tuple(sorted(part))
    if choosing:
        played = [observation.choice if s == seat else None for s in range(n)]
        for other, part in zip(secret, parts[len(others) :], strict=False):
            played[other] = part[0]
    else:
        played = list(observation.revealed)
    return State(
        config=config,
        seed=sample_seed(rng),
        round=observation.round,
        turn=observation.turn,
        phase=observation.phase,
        banked=observation.banked,
        hands=tuple(hands),
        rows=observation.rows,
        taken=observation.taken,
        unused=parts[-1],
        played=tuple(played),
        queue=observation.queue,
        placing=observation.placing,
        blocked=observation.blocked,
        decreasing=observation.decreasing,
        log=log_of_view(observation.log),
    )
