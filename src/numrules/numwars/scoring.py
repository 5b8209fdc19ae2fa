"""Num Wars scoring: card points, the role bonuses of a round, totals and winners."""

from __future__ import annotations

from collections.abc import Iterable

from numrules.core.cards import FamilyCard, NumCard
from numrules.core.seats import best_seats
from numrules.numwars.cards import JOKER, RAINBOW, SHADOW, role_of
from numrules.numwars.config import Config
from numrules.numwars.state import (
    OUTCOME_OF_CAPTURER,
    BombOutcome,
    Fate,
    Phase,
    RoundResult,
    RoundScore,
    State,
    bonus_lines,
)


def card_points(config: Config, won: Iterable[NumCard]) -> int:
    """Points of won cards: classic cards grouped by value, everything else 0.

    One card of a value scores its value, two score `pair_points` (0), three score the
    value + `triple_bonus` (30), four the value + `quadruple_bonus` (50).
    """
    counts: dict[int, int] = {}
    for card in won:
        if type(card) is FamilyCard and card.family is not RAINBOW and card.family is not SHADOW:
            counts[card.value] = counts.get(card.value, 0) + 1
    total = 0
    for value, count in counts.items():
        if count == 1:
            total += value
        elif count == 2:
            total += config.pair_points
        elif count == 3:
            total += value + config.triple_bonus
        else:
            total += value + config.quadruple_bonus
    return total


def pair_points(pairs: Iterable[NumCard]) -> int:
    """Points of stolen trump pairs: each pair is worth its value."""
    return sum(card.value for card in pairs if type(card) is FamilyCard and card.family is SHADOW)


def bomb_outcome(state: State) -> BombOutcome | None:
    """The outcome of this round's Bomb by the capturer's role (None before its trick ends).

    Hidden information while the round lasts: it tells the capturer's role.
    """
    if state.bomb is None:
        return None
    if state.bomb is Fate.KEPT:
        return BombOutcome.KEPT
    if state.bomb is Fate.PROTECTED:
        return BombOutcome.PROTECTED
    assert state.capturer is not None
    return OUTCOME_OF_CAPTURER[role_of(state.lots[state.capturer])]


def round_result(state: State) -> RoundResult:
    """Score the round of `state` once every trick is played: roles, Bomb and breakdowns."""
    config = state.config
    outcome = bomb_outcome(state)
    assert outcome is not None, "the round is not over: the Bomb has not been played"
    roles = tuple(role_of(card) for card in state.lots)
    scores = []
    for seat, role in enumerate(roles):
        lines = {}
        for line, due in bonus_lines(role, seat, outcome, state.protector):
            paid = due and (line != "deminer_consolation" or JOKER in state.won[seat])
            lines[line] = getattr(config, line) if paid else 0
        scores.append(
            RoundScore(
                base=card_points(config, state.won[seat]),
                pairs=pair_points(state.pairs[seat]),
                **lines,
            )
        )
    return RoundResult(roles, outcome, state.capturer, state.protector, tuple(scores))


def round_points(state: State) -> tuple[int, ...]:
    """Each seat's public points so far this round: cards won and stolen pairs.

    Role bonuses come at the end of the round, when the roles are revealed. All zero once
    the game is over (the last round is then in the history).
    """
    return _round_points(state.config, state.phase, state.won, state.pairs)


def _round_points(
    config: Config,
    phase: Phase,
    won: tuple[tuple[NumCard, ...], ...],
    pairs: tuple[tuple[NumCard, ...], ...],
) -> tuple[int, ...]:
    if phase is Phase.OVER:
        return (0,) * config.players
    return tuple(card_points(config, w) + pair_points(p) for w, p in zip(won, pairs, strict=True))


def running_totals(
    config: Config,
    phase: Phase,
    history: tuple[RoundResult, ...],
    won: tuple[tuple[NumCard, ...], ...],
    pairs: tuple[tuple[NumCard, ...], ...],
) -> tuple[int, ...]:
    """Each seat's total: the finished rounds of `history` plus this round's public points."""
    out = list(_round_points(config, phase, won, pairs))
    for result in history:
        for seat, score in enumerate(result.scores):
            out[seat] += score.total
    return tuple(out)


def scores(state: State) -> tuple[int, ...]:
    """Each seat's game total: finished rounds plus this round's public points so far."""
    return running_totals(state.config, state.phase, state.history, state.won, state.pairs)


def winners(state: State) -> frozenset[int]:
    """The seats with the highest total once the game is over (ties share); else empty."""
    return best_seats(scores(state)) if state.phase is Phase.OVER else frozenset()
