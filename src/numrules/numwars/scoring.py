"""Num Wars scoring: card points, the role bonuses of a round, totals and winners."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeGuard

from numrules.core.cards import FamilyCard, NumCard
from numrules.core.seats import best_seats
from numrules.numwars.cards import JOKER, RAINBOW, SHADOW, Role, role_of
from numrules.numwars.config import Config
from numrules.numwars.state import (
    OUTCOME_OF_CAPTURER,
    BombOutcome,
    Fate,
    Phase,
    RoundResult,
    RoundScore,
    State,
)


def is_classic(card: NumCard | None) -> TypeGuard[FamilyCard]:
    """Whether `card` is a classic (RED, BLUE, GREEN, YELLOW) card, the only kind that scores."""
    return type(card) is FamilyCard and card.family is not RAINBOW and card.family is not SHADOW


def classic_counts(cards: Iterable[NumCard | None]) -> dict[int, int]:
    """How many classic cards of each value `cards` hold (None, a stolen place, is skipped)."""
    counts: dict[int, int] = {}
    for card in cards:
        if is_classic(card):
            counts[card.value] = counts.get(card.value, 0) + 1
    return counts


def value_points(config: Config, value: int, count: int) -> int:
    """The points of `count` classic cards of `value` in one won pile: the scoring rule.

    None score 0, one its value, two `pair_points` (0), three the value + `triple_bonus`
    (30), four the value + `quadruple_bonus` (50).
    """
    if count == 0:
        return 0
    if count == 1:
        return value
    if count == 2:
        return config.pair_points
    return value + (config.triple_bonus if count == 3 else config.quadruple_bonus)


def card_points(config: Config, won: Iterable[NumCard]) -> int:
    """Points of won cards: classic cards grouped by value (`value_points`), everything else 0."""
    return sum(value_points(config, value, count) for value, count in classic_counts(won).items())


def points_gain(config: Config, pile: Iterable[NumCard], cards: Iterable[NumCard | None]) -> int:
    """What adding `cards` to the won `pile` changes in its `card_points`.

    Only the values of the classic cards in `cards` can change: one pass over the pile,
    no rescoring.
    """
    added = classic_counts(cards)
    if not added:
        return 0
    held = dict.fromkeys(added, 0)
    for card in pile:
        # The value test first: it rules out most of the pile at once.
        if type(card) is FamilyCard and card.value in held and is_classic(card):
            held[card.value] += 1
    return sum(
        value_points(config, value, held[value] + count) - value_points(config, value, held[value])
        for value, count in added.items()
    )


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


def bonus_lines(
    role: Role, seat: int, outcome: BombOutcome, protector: int | None
) -> tuple[tuple[str, bool], ...]:
    """Each role bonus line (a `RoundScore` and `Config` field name) and whether it is due.

    The lines due to a seat of `role` after `outcome`. The Deminer's consolation is paid
    only if the Deminer also won the trick holding the JOKER, which this cannot tell.
    """
    bomber, deminer, num_x = role is Role.BOMBER, role is Role.DEMINER, role is Role.NUM_X
    return (
        ("bomb_kept", bomber and outcome is BombOutcome.KEPT),
        ("bomb_protected", bomber and outcome is BombOutcome.PROTECTED),
        ("joker_protects", seat == protector),
        ("deminer_captures", deminer and outcome is BombOutcome.BY_DEMINER),
        ("civilian_captures", role is Role.CIVILIAN and outcome is BombOutcome.BY_CIVILIAN),
        ("num_x_captures", num_x and outcome is BombOutcome.BY_NUM_X),
        ("deminer_consolation", deminer and outcome is not BombOutcome.BY_DEMINER),
        ("num_x_spared", num_x and outcome not in _NUM_X_NOT_SPARED),
    )


_NUM_X_NOT_SPARED = frozenset({BombOutcome.BY_CIVILIAN, BombOutcome.BY_NUM_X})


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
