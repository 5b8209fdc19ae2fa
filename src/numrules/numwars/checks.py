"""`check_state`: whether a Num Wars state is a position the rules can reach.

It reads the state with the trick rules (each card in the trick was a legal play) and
the scoring (a finished round's result), so it sits above `state`, `tricks` and
`scoring`, which know nothing of it.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import NoReturn

from numrules.core.cards import FamilyCard
from numrules.core.errors import StateError
from numrules.numwars.cards import BOMB, JOKER, RAINBOW, SHADOW, Role, is_trump, role_of
from numrules.numwars.config import Config
from numrules.numwars.scoring import bonus_lines, round_result, value_points
from numrules.numwars.state import (
    OUTCOME_OF_CAPTURER,
    BombOutcome,
    Fate,
    Phase,
    RoundResult,
    State,
    card_zones,
)
from numrules.numwars.tricks import refusal_unless_steal


def check_state(state: State) -> None:
    """Raise `StateError` unless `state` is a position the rules can reach.

    Checks the cards (each exactly once, in the right quantities), the role lot, the hand
    sizes against the tricks played, the trick and its steals, the Bomb's record and the
    history of finished rounds. Used when a state is loaded from JSON.
    """
    config = state.config
    if not isinstance(config, Config):
        _fail("config is not a numwars.Config")
    n = config.players
    for name in ("hands", "won", "pairs", "tricks", "lots"):
        if len(getattr(state, name)) != n:
            _fail(f"{name} must have one entry per seat")
    over = state.phase is Phase.OVER
    if not 0 <= state.round < config.rounds:
        _fail(f"round {state.round} out of range")
    if len(state.history) != state.round + over:
        _fail("the history must hold every finished round")
    for result in state.history:
        _check_result(config, result)
    if sorted(map(str, state.lots)) != sorted(map(str, config.lot())):
        _fail("the lot cards are not the role lot of this player count")
    counts = Counter(card for zone in card_zones(state).values() for card in zone)
    if counts.keys() != set(config.all_cards()) or max(counts.values()) != 1:
        _fail("the cards are not exactly the deck, each once")
    if len(state.aside) != config.aside:
        _fail(f"{config.aside} cards must be set aside")
    if not 0 <= state.leader < n or len(state.trick) >= n:
        _fail("bad leader or trick length")
    if any(t < 0 for t in state.tricks):
        _fail("negative trick count")
    played_tricks = sum(state.tricks)
    for k in range(n):
        seat = (state.leader + k) % n
        expected = config.hand_size - played_tricks - (k < len(state.trick))
        if len(state.hands[seat]) != expected:
            _fail(f"seat {seat} holds {len(state.hands[seat])} cards, expected {expected}")
    for seat, lot in enumerate(state.lots):
        for other, hand in enumerate(state.hands):
            if other != seat and lot in hand:
                _fail(f"the lot card {lot} of seat {seat} is in the hand of seat {other}")
    for k, card in enumerate(state.trick):
        if (
            card is not None
            and card in state.lots
            and state.lots.index(card) != (k + state.leader) % n
        ):
            _fail(f"the lot card {card} was played by a seat that did not draw it")
    _check_steals(state)
    _check_bomb(state)
    if over and (any(state.hands) or state.trick):
        _fail("a finished game has played every card of its last round")
    if not over and played_tricks >= config.hand_size:
        _fail("every trick of the round is played but the round did not end")
    if over and state.round != config.rounds - 1:
        _fail(f"the game ended in round {state.round}, not in its last round")
    _check_tricks(state)
    _check_trick_plays(state)
    if over:
        _check_last_result(state)


def _check_steals(state: State) -> None:
    present = [card for card in state.trick if card is not None]
    if state.trick.count(None) % 2:
        _fail("cards leave a trick two at a time (a stolen pair)")
    stolen = sum(map(len, state.pairs))
    if stolen < state.trick.count(None):
        _fail(f"{state.trick.count(None)} cards left the trick but only {stolen} were stolen")
    if None in state.trick:
        # The last card gone from the trick is always a stealer's (it steals an earlier one).
        k = len(state.trick) - 1 - state.trick[::-1].index(None)
        stealer = (state.leader + k) % state.players
        if not state.pairs[stealer]:
            _fail(f"seat {stealer} stole in this trick but holds no stolen pair")
    for seat, pairs in enumerate(state.pairs):
        # A seat steals with one of its plays: at most one pair per card it has played.
        played = state.config.hand_size - len(state.hands[seat])
        if len(pairs) // 2 > played:
            _fail(f"seat {seat} holds {len(pairs) // 2} stolen pairs after {played} plays")
    values = [card.value for card in present if is_trump(card) and type(card) is FamilyCard]
    if len(values) != len(set(values)):
        _fail("a trick holds both cards of a trump pair")
    for pairs in state.pairs:
        if len(pairs) % 2:
            _fail("stolen pairs come two cards at a time")
        for rainbow, shadow in zip(pairs[::2], pairs[1::2], strict=True):
            if not (
                type(rainbow) is FamilyCard
                and type(shadow) is FamilyCard
                and rainbow.family is RAINBOW
                and shadow.family is SHADOW
                and rainbow.value == shadow.value
            ):
                _fail(f"{rainbow} {shadow} is not a stolen trump pair")


def _check_bomb(state: State) -> None:
    n = state.players
    bomber = state.lots.index(BOMB)
    holders = [s for s in range(n) if BOMB in state.won[s]]
    fate, capturer, protector = state.bomb, state.capturer, state.protector
    if fate is None:
        if holders or capturer is not None or protector is not None:
            _fail("the Bomb has no fate yet but its trick is over")
        in_trick = BOMB in state.trick
        if not in_trick and BOMB not in state.hands[bomber]:
            _fail("the Bomb must be in the Bomber's hand or in the current trick")
        return
    if len(holders) != 1:
        _fail("a Bomb whose trick is over lies in a won pile")
    if fate is Fate.CAPTURED:
        if capturer is None or protector is not None or holders != [capturer]:
            _fail("a captured Bomb lies in its capturer's won cards")
    elif capturer is not None:
        _fail("only a captured Bomb has a capturer")
    if fate is Fate.PROTECTED:
        if protector is None or not 0 <= protector < n or protector == bomber:
            _fail("a protected Bomb needs the seat that played the Joker")
        if not any(JOKER in won for won in state.won):
            _fail("a protected Bomb needs a played Joker")
    elif protector is not None:
        _fail("only a protected Bomb has a protector")


def _check_tricks(state: State) -> None:
    # The trick counts, the leader and the won piles agree: a finished trick is `players`
    # cards; its winner takes those not stolen away in pairs (the Bomb may go to its
    # capturer instead) and leads the next trick.
    n = state.players
    done = sum(state.tricks)
    if done == 0 and state.leader != (state.round + 1) % n:
        _fail(f"seat {(state.round + 1) % n} leads the first trick of round {state.round}")
    if done and not state.tricks[state.leader]:
        _fail(f"seat {state.leader} leads but never won a trick this round")
    if done == 0 and state.bomb is not None:
        _fail("the Bomb has a fate but no trick is over")
    # The cards stolen in finished tricks (the rest of the pairs come from this trick).
    stolen = sum(map(len, state.pairs)) - state.trick.count(None)
    captured = state.bomb is Fate.CAPTURED
    for seat, won in enumerate(state.won):
        gets_bomb = captured and state.capturer == seat
        most = n * state.tricks[seat] + gets_bomb
        least = n * state.tricks[seat] - stolen - (captured and not gets_bomb)
        if not least <= len(won) <= most:
            _fail(
                f"seat {seat} has won {state.tricks[seat]} tricks but holds {len(won)} won "
                f"cards ({max(least, 0)}..{most} possible)"
            )


def _check_trick_plays(state: State) -> None:
    # Each card still in the trick was a legal play (not a steal) from a hand that held
    # at least the player's present hand; what it refuses now it refused then.
    n = state.players
    for k, card in enumerate(state.trick):
        if card is None:
            continue
        seat = (state.leader + k) % n
        before = state.trick[:k]
        # A stolen trump hides its value: skip the duty to go over the highest trump.
        if None in before and is_trump(card):
            continue
        why = refusal_unless_steal((*state.hands[seat], card), before, card)
        if why is not None:
            _fail(f"seat {seat} could not have played {card} to this trick: {why}")


def _check_last_result(state: State) -> None:
    # A finished game keeps the won cards of its last round: its result follows from them.
    if state.bomb is None:
        _fail("a finished round has played its Bomb")
    if state.history[-1] != round_result(state):
        _fail("the last round's result does not match the cards won and the roles")


def _fail(message: str) -> NoReturn:
    raise StateError(f"inconsistent Num Wars state: {message}")


def _check_result(config: Config, result: RoundResult) -> None:
    n = config.players
    if sorted(r.value for r in result.roles) != sorted(role_of(c).value for c in config.lot()):
        _fail("a finished round's roles are not the roles of the lot")
    if len(result.scores) != n:
        _fail("a finished round needs a score for every seat")
    outcome, capturer, protector = result.outcome, result.capturer, result.protector
    captured = outcome not in (BombOutcome.KEPT, BombOutcome.PROTECTED)
    if captured != (capturer is not None) or (outcome is BombOutcome.PROTECTED) != (
        protector is not None
    ):
        _fail("a finished round's Bomb record does not match its outcome")
    if capturer is not None and (
        not 0 <= capturer < n or OUTCOME_OF_CAPTURER.get(result.roles[capturer]) is not outcome
    ):
        _fail("a finished round's capturer does not have the role of its outcome")
    if protector is not None and (not 0 <= protector < n or result.roles[protector] is Role.BOMBER):
        _fail("a finished round's protector is not a seat that could play the Joker")
    seat_low, seat_high, total_low, total_high = _base_bounds(config)
    for seat, score in enumerate(result.scores):
        if not seat_low <= score.base <= seat_high:
            _fail(f"seat {seat}'s base of {score.base} is not {seat_low}..{seat_high} points")
        if score.pairs < 0:
            _fail("negative pair points")
    bases = sum(score.base for score in result.scores)
    if not total_low <= bases <= total_high:
        _fail(f"a round's bases add up to {bases}, not {total_low}..{total_high} points")
    # Each trump value makes at most one stolen pair, worth its value.
    most_pairs = sum(range(config.format.max_value + 1))
    if sum(score.pairs for score in result.scores) > most_pairs:
        _fail(f"a round's stolen pairs are worth more than {most_pairs} points")
    for seat, score in enumerate(result.scores):
        for line, due in bonus_lines(result.roles[seat], seat, outcome, protector):
            value, full = getattr(score, line), getattr(config, line) if due else 0
            # The consolation also depends on who won the JOKER's trick: it may be 0.
            if value != full and not (line == "deminer_consolation" and value == 0):
                _fail(f"seat {seat}'s {line} line does not follow from the roles and the Bomb")


# The ways the four classic cards of one value can lie in the won piles of a round: the
# counts per pile that holds any (at most four piles; the others lie aside).
_SPLITS = ((), (1,), (2,), (1, 1), (3,), (2, 1), (1, 1, 1), (4,), (3, 1), (2, 2), (2, 1, 1))
_SPLITS_OF_FOUR = (*_SPLITS, (1, 1, 1, 1))


@functools.cache
def _base_bounds(config: Config) -> tuple[int, int, int, int]:
    # The fewest and most base points of one seat, then of all seats together, in a round.
    splits = _SPLITS_OF_FOUR if config.players >= 4 else _SPLITS
    seat_low = seat_high = total_low = total_high = 0
    for value in range(config.format.max_value + 1):
        one = [value_points(config, value, count) for count in range(5)]
        seat_low += min(one)
        seat_high += max(one)
        sums = [sum(one[count] for count in split) for split in splits]
        total_low += min(sums)
        total_high += max(sums)
    return seat_low, seat_high, total_low, total_high
