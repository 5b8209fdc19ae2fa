"""Rounds: dealing the two stocks, the end of a round, the validation phase, the end of the game.

Validation walks each seat's open objectives once, in `DECISION_ORDER` (the rarest
first). The objective under decision (`State.objective`) is the next open one the unused
collection can fill;
the seat PICKs the cards of one of its combinations in canonical order (the first pick
chooses to validate it, the last one validates it) or PASSes it; once no objective is
left to decide, it ENDs. So a seat's validation is at most its open objectives plus its
collection size plus one decisions, and each outcome has exactly one sequence.
"""

from __future__ import annotations

from collections.abc import Sequence

from numrules.core.cards import FamilyCard, NumCard, interned, is_num_card, num_card_key
from numrules.core.errors import IllegalActionError, Reason
from numrules.core.events import Event, Log, cards_text
from numrules.core.rng import derive_seed, shuffled
from numrules.core.seats import best_seats
from numrules.numstop import scoring
from numrules.numstop.actions import EndValidation, Pass, Pick
from numrules.numstop.config import Config
from numrules.numstop.event_types import (
    GameEnded,
    Passed,
    Picked,
    RoundDealt,
    RoundEnded,
    Validated,
    ValidationEnded,
)
from numrules.numstop.objectives import (
    DECISION_ORDER,
    INDEX,
    SIZES,
    Objective,
    combination_points,
    is_combination,
)
from numrules.numstop.selection import can_complete, first_completable
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
    first = state.first_player
    deciding = next_objective(
        state.scorecards[first], 0, state.collections[first], state.config.max_value
    )
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
        deciding,
        (),
        state.log.record(ev, state.players),
    )


def next_objective(
    scorecard: Sequence[int | None], start: int, collection: Sequence[NumCard], max_value: int
) -> Objective | None:
    """The objective a validating seat decides next, or None when none is left.

    The first objective from position `start` of `DECISION_ORDER` on that is still open
    on `scorecard` and that the unused `collection` holds a combination of; objectives it
    cannot fill are passed over without a decision.
    """
    open_ = [o for o in DECISION_ORDER[start:] if scorecard[INDEX[o]] is None]
    return first_completable(open_, _family(collection), max_value) if open_ else None


def is_last_round(state: State) -> bool:
    """Whether the game ends after this round's validation.

    True when some seat has validated every objective, or when `max_rounds` is reached.
    """
    limit = state.config.max_rounds
    if limit is not None and state.round + 1 >= limit:
        return True
    return has_complete_scorecard(state)


def pick(state: State, action: Pick) -> State:
    """Pick the next card of a combination for the objective under decision.

    The first pick chooses to validate that objective; cards follow in canonical order;
    the pick that completes the combination validates it, and the next objective is
    under decision.
    """
    seat, card = _validation_seat(state, action, picking=True), action.card
    objective, selection = state.objective, state.selection
    if not is_num_card(card):
        raise IllegalActionError(action, Reason.MALFORMED, "the card must be a card")
    if objective is None:
        raise IllegalActionError(action, Reason.NOT_ALLOWED, _ALL_DECIDED)
    collection = state.collections[seat]
    if type(card) is not FamilyCard or card not in collection or card in selection:
        raise IllegalActionError(
            action, Reason.CARD_NOT_HELD, "pick an unused collection card not picked yet"
        )
    card = interned(card)  # a card made by hand is equal, not the same object
    if selection and num_card_key(card) < num_card_key(selection[-1]):
        raise IllegalActionError(
            action,
            Reason.NOT_ALLOWED,
            f"cards are picked in canonical order: pick a card after {selection[-1]}",
        )
    picked = (*selection, card)
    if not can_complete(objective, _family(picked), _unused(state, seat), state.config.max_value):
        where = f"follow {cards_text(selection)} in" if selection else "begin"
        raise IllegalActionError(
            action,
            Reason.NOT_ALLOWED,
            f"{card} cannot {where} a {objective.value} whose other cards come after it",
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
    scorecard = (*scorecard[:slot], points, *scorecard[slot + 1 :])
    left = tuple(c for c in collection if c not in used)
    return successor(
        state,
        Phase.VALIDATION,
        ev,
        collections=with_seat(state.collections, seat, left),
        scored=with_seat(state.scored, seat, state.scored[seat] + cards),
        scorecards=(*state.scorecards[:seat], scorecard, *state.scorecards[seat + 1 :]),
        objective=next_objective(scorecard, objective.decision_index + 1, left, config.max_value),
    )


def pass_objective(state: State, action: Pass) -> State:
    """Leave the objective under decision open: the next objective is under decision."""
    seat = _validation_seat(state, action, picking=False)
    objective = state.objective
    if objective is None:
        raise IllegalActionError(action, Reason.NOT_ALLOWED, _ALL_DECIDED)
    following = next_objective(
        state.scorecards[seat],
        objective.decision_index + 1,
        state.collections[seat],
        state.config.max_value,
    )
    return successor(state, Phase.VALIDATION, (Passed(seat, objective),), objective=following)


def end_validation(state: State, action: EndValidation) -> State:
    """The seat has decided every objective; the next seat validates, or the round is over."""
    seat = _validation_seat(state, action, picking=False)
    if state.objective is not None:
        raise IllegalActionError(
            action,
            Reason.NOT_ALLOWED,
            f"{state.objective.value} is still to decide: pick a card of a combination or pass",
        )
    after = (seat + 1) % state.players
    done = ValidationEnded(seat, scoring.objectives_done(state)[seat], scoring.points(state)[seat])
    if after != state.first_player:
        deciding = next_objective(
            state.scorecards[after], 0, state.collections[after], state.config.max_value
        )
        return successor(state, Phase.VALIDATION, (done,), player=after, objective=deciding)
    if is_last_round(state):
        winners = tuple(sorted(best_seats(scoring.scores(state))))
        ended = GameEnded(scoring.points(state), scoring.objectives_done(state), winners)
        return successor(state, Phase.OVER, (done, ended), player=state.first_player)
    config, following = state.config, state.round + 1
    order = shuffled(config.all_cards(), derive_seed(state.seed, "round", following))
    return deal(config, state.seed, following, state.scorecards, order, state.log, [done])


_ALL_DECIDED = "every objective is decided in this validation: end it"


def _validation_seat(state: State, action: Pick | Pass | EndValidation, *, picking: bool) -> int:
    # A pick is taken in both validation phases; a pass or an end only between combinations.
    if state.phase is Phase.SELECTION and not picking:
        raise IllegalActionError(
            action, Reason.WRONG_PHASE, "a combination is in progress: pick its next card"
        )
    if state.phase not in (Phase.VALIDATION, Phase.SELECTION):
        raise IllegalActionError(
            action, Reason.WRONG_PHASE, "combinations are validated after the round"
        )
    return action.seat


def _unused(state: State, seat: int) -> list[FamilyCard]:
    return [c for c in state.collections[seat] if type(c) is FamilyCard]


def _family(cards: Sequence[NumCard]) -> list[FamilyCard]:
    return [c for c in cards if type(c) is FamilyCard]
