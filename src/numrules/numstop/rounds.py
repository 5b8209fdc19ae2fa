"""Rounds: dealing the two stocks, the end of a round, the validation phase, the end of the game."""

from __future__ import annotations

from collections.abc import Sequence

from numrules.core.cards import NumCard, interned, num_card_key
from numrules.core.errors import IllegalActionError, Reason
from numrules.core.events import Event, Log
from numrules.core.rng import derive_seed, shuffled
from numrules.core.seats import best_seats
from numrules.numstop import scoring
from numrules.numstop.actions import EndValidation, Validate
from numrules.numstop.config import Config
from numrules.numstop.event_types import (
    GameEnded,
    RoundDealt,
    RoundEnded,
    Validated,
    ValidationEnded,
)
from numrules.numstop.objectives import INDEX, Objective, combination_points, is_combination
from numrules.numstop.state import Cards, Phase, State, has_complete_scorecard, successor, with_seat

NO_PEEKS: tuple[None, None] = (None, None)


def deal(
    config: Config,
    seed: int,
    round_: int,
    scorecards: tuple[tuple[int | None, ...], ...],
    order: Sequence[NumCard],
    log: Log,
    ev: list[Event],
) -> State:
    """The first state of round `round_`: the first half of `order` is stock A, the rest B.

    `log` gets the events `ev` of the action that ended the last round, then the deal.
    """
    n = config.players
    half = len(order) // 2
    empty: tuple[Cards, ...] = ((),) * n
    first = round_ % n
    ev.append(RoundDealt(round_, first, (half, len(order) - half)))
    return State(
        config,
        seed,
        round_,
        Phase.START,
        first,
        (tuple(order[:half]), tuple(order[half:])),
        empty,
        empty,
        empty,
        empty,
        (),
        (),
        0,
        False,
        frozenset(),
        frozenset(),
        NO_PEEKS,
        scorecards,
        log.record(ev, n),
    )


def end_round(
    state: State,
    ev: list[Event],
    piles: tuple[Cards, ...],
    reserves: tuple[Cards, ...],
    discard: Cards,
    lost: Cards = (),
) -> State:
    """Both stocks are empty: unlocked piles, reserves and `lost` cards are discarded.

    Pending DOUBLE/SKIP effects and FLIP knowledge vanish; validation begins with the
    round's first player.
    """
    out = [*discard, *lost]
    for pile in piles:
        out += pile
    for reserve in reserves:
        out += reserve
    ev.append(RoundEnded(state.round, lost, tuple(out[len(discard) :])))
    empty: tuple[Cards, ...] = ((),) * state.players
    return State(
        state.config,
        state.seed,
        state.round,
        Phase.VALIDATION,
        state.first_player,
        ((), ()),
        empty,
        state.collections,
        empty,
        state.scored,
        tuple(out),
        (),
        0,
        False,
        frozenset(),
        frozenset(),
        NO_PEEKS,
        state.scorecards,
        state.log.record(ev, state.players),
    )


def is_last_round(state: State) -> bool:
    """Whether the game ends after this round's validation.

    True when some seat has validated every objective, or when `max_rounds` is reached.
    """
    limit = state.config.max_rounds
    if limit is not None and state.round + 1 >= limit:
        return True
    return has_complete_scorecard(state)


def validate(state: State, action: Validate) -> State:
    """Validate one combination of the collection's unused cards."""
    seat, objective, cards = _validation_seat(state, action), action.objective, action.cards
    if type(objective) is not Objective:
        raise IllegalActionError(action, Reason.MALFORMED, "the objective must be an Objective")
    if type(cards) is not tuple or not all(type(c) in _CARD_TYPES for c in cards):
        raise IllegalActionError(action, Reason.MALFORMED, "the cards must be a tuple of cards")
    keys = [num_card_key(c) for c in cards]
    if keys != sorted(set(keys)):
        raise IllegalActionError(
            action, Reason.MALFORMED, "list distinct cards in canonical order (as legal_actions)"
        )
    scorecard = state.scorecards[seat]
    slot = INDEX[objective]
    if scorecard[slot] is not None:
        raise IllegalActionError(
            action, Reason.BAD_TARGET, f"{objective.value} is already validated"
        )
    collection = state.collections[seat]
    if not all(card in collection for card in cards):
        raise IllegalActionError(
            action, Reason.CARD_NOT_HELD, "every card must be an unused card of the collection"
        )
    if not is_combination(objective, cards):
        raise IllegalActionError(
            action, Reason.NOT_ALLOWED, f"these cards do not make a {objective.value}"
        )
    config = state.config
    points = combination_points(objective, cards, config.bonuses, config.wild_points)
    cards = tuple(map(interned, cards))  # a card made by hand is equal, not the same object
    card_set = set(cards)
    return successor(
        state,
        Phase.VALIDATION,
        (Validated(seat, objective, cards, points),),
        collections=with_seat(
            state.collections, seat, tuple(c for c in collection if c not in card_set)
        ),
        scored=with_seat(state.scored, seat, state.scored[seat] + cards),
        scorecards=(
            *state.scorecards[:seat],
            (*scorecard[:slot], points, *scorecard[slot + 1 :]),
            *state.scorecards[seat + 1 :],
        ),
    )


def end_validation(state: State, action: EndValidation) -> State:
    """The seat is done validating; the next seat validates, or the round is over."""
    seat = _validation_seat(state, action)
    after = (seat + 1) % state.players
    done = ValidationEnded(seat, scoring.objectives_done(state)[seat], scoring.points(state)[seat])
    if after != state.first_player:
        return successor(state, Phase.VALIDATION, (done,), player=after)
    if is_last_round(state):
        winners = tuple(sorted(best_seats(scoring.scores(state))))
        ended = GameEnded(scoring.points(state), scoring.objectives_done(state), winners)
        return successor(state, Phase.OVER, (done, ended), player=state.first_player)
    config, following = state.config, state.round + 1
    order = shuffled(config.all_cards(), derive_seed(state.seed, "round", following))
    return deal(config, state.seed, following, state.scorecards, order, state.log, [done])


def _validation_seat(state: State, action: Validate | EndValidation) -> int:
    if state.phase is not Phase.VALIDATION:
        raise IllegalActionError(
            action, Reason.WRONG_PHASE, "combinations are validated after the round"
        )
    return action.seat


_CARD_TYPES = frozenset(type(c) for c in Config().all_cards())
