"""Rounds: dealing the two stocks, the end of a round, the validation phase, the end of the game.

Validation is a sequence of small decisions: a seat AIMs at an open objective it can
fill, PICKs the combination's cards one at a time (each must still complete it; the last
one validates it), or ABANDONs it; then aims again or ENDs.
"""

from __future__ import annotations

from collections.abc import Sequence

from numrules.core.cards import FamilyCard, NumCard, interned, is_num_card, num_card_key
from numrules.core.errors import IllegalActionError, Reason
from numrules.core.events import Event, Log
from numrules.core.rng import derive_seed, shuffled
from numrules.core.seats import best_seats
from numrules.numstop import scoring
from numrules.numstop.actions import Abandon, Aim, EndValidation, Pick
from numrules.numstop.config import Config
from numrules.numstop.event_types import (
    Abandoned,
    Aimed,
    GameEnded,
    Picked,
    RoundDealt,
    RoundEnded,
    Validated,
    ValidationEnded,
)
from numrules.numstop.objectives import (
    INDEX,
    SIZES,
    Objective,
    combination_points,
    is_combination,
)
from numrules.numstop.selection import can_complete
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
        None,
        (),
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
        None,
        (),
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


def aim(state: State, action: Aim) -> State:
    """Start a combination for an open objective that the unused collection can fill."""
    seat, objective = _validation_seat(state, action, Phase.VALIDATION), action.objective
    if type(objective) is not Objective:
        raise IllegalActionError(action, Reason.MALFORMED, "the objective must be an Objective")
    if state.scorecards[seat][INDEX[objective]] is not None:
        raise IllegalActionError(
            action, Reason.BAD_TARGET, f"{objective.value} is already validated"
        )
    if not can_complete(objective, (), _unused(state, seat), state.config.max_value):
        raise IllegalActionError(
            action, Reason.NOT_ALLOWED, f"the collection holds no {objective.value}"
        )
    return successor(
        state, Phase.SELECTION, (Aimed(seat, objective),), objective=objective, selection=()
    )


def pick(state: State, action: Pick) -> State:
    """Pick a card for the combination in progress; the last card validates it."""
    seat, card = _validation_seat(state, action, Phase.SELECTION), action.card
    objective, selection = state.objective, state.selection
    assert objective is not None  # phase SELECTION (check_state)
    if not is_num_card(card):
        raise IllegalActionError(action, Reason.MALFORMED, "the card must be a card")
    collection = state.collections[seat]
    if type(card) is not FamilyCard or card not in collection or card in selection:
        raise IllegalActionError(
            action, Reason.CARD_NOT_HELD, "pick an unused collection card not picked yet"
        )
    card = interned(card)  # a card made by hand is equal, not the same object
    picked = (*selection, card)
    if not can_complete(objective, _family(picked), _unused(state, seat), state.config.max_value):
        raise IllegalActionError(
            action,
            Reason.NOT_ALLOWED,
            f"{card} cannot complete a {objective.value} with the cards picked",
        )
    ev: list[Event] = [Picked(seat, objective, card)]
    if len(picked) < SIZES[objective]:
        return successor(state, Phase.SELECTION, ev, objective=objective, selection=picked)
    cards = tuple(sorted(picked, key=num_card_key))
    assert is_combination(objective, cards)
    config = state.config
    points = combination_points(objective, cards, config.bonuses, config.wild_points)
    ev.append(Validated(seat, objective, cards, points))
    scorecard, slot, used = state.scorecards[seat], INDEX[objective], set(cards)
    return successor(
        state,
        Phase.VALIDATION,
        ev,
        collections=with_seat(
            state.collections, seat, tuple(c for c in collection if c not in used)
        ),
        scored=with_seat(state.scored, seat, state.scored[seat] + cards),
        scorecards=(
            *state.scorecards[:seat],
            (*scorecard[:slot], points, *scorecard[slot + 1 :]),
            *state.scorecards[seat + 1 :],
        ),
    )


def abandon(state: State, action: Abandon) -> State:
    """Give up the combination in progress: the picked cards stay unused."""
    seat = _validation_seat(state, action, Phase.SELECTION)
    objective = state.objective
    assert objective is not None  # phase SELECTION (check_state)
    return successor(state, Phase.VALIDATION, (Abandoned(seat, objective, state.selection),))


def end_validation(state: State, action: EndValidation) -> State:
    """The seat is done validating; the next seat validates, or the round is over."""
    seat = _validation_seat(state, action, Phase.VALIDATION)
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


def _validation_seat(
    state: State, action: Aim | Pick | Abandon | EndValidation, phase: Phase
) -> int:
    if state.phase is not phase:
        if state.phase is Phase.SELECTION:
            detail = "a combination is in progress: pick its cards or abandon it"
        elif phase is Phase.SELECTION:
            detail = "no combination is in progress: aim at an objective first"
        else:
            detail = "combinations are validated after the round"
        raise IllegalActionError(action, Reason.WRONG_PHASE, detail)
    return action.seat


def _unused(state: State, seat: int) -> list[FamilyCard]:
    return [c for c in state.collections[seat] if type(c) is FamilyCard]


def _family(cards: Sequence[NumCard]) -> list[FamilyCard]:
    return [c for c in cards if type(c) is FamilyCard]
