"""A heuristic Num Bounce bot: shed big groups, keep the lead, interrupt when it pays.

Strategy (`HeuristicBot`): every action is scored by the hand it leaves (`shape.hand_cost`:
cards, groups of one value, lone low cards; INFINITY and NUM_X are worth holding) plus
what it is likely to bring next, and the best one is taken.

- *Shedding.* A trick is opened with the biggest group, and going up takes the play
  that leaves the best hand: one group fewer, no bigger group broken, no INFINITY spent
  when another play does as well, and the lowest card that beats. Lone low cards are
  priced high (they can hardly go up), so they leave first and the high cards stay to
  go up later: keeping them for the end measured much weaker (see below).
- *The lead.* A combination that the other seats are unlikely to beat (counted from the
  unseen cards and the cards known in their hands) is likely to come back to the bot,
  which then opens again: that prospect is added to a play's score. A combination of
  exactly as many cards as an opponent holds, which it might beat to go out, is avoided.
- *NUM_X* restarts a trick the bot cannot beat, when opening next is worth more than
  keeping it; it also finishes a hand (NUM_X, then the last group).
- *Going down* swaps low cards for the reference: taken when that leaves a better hand
  (the cards taken back join a group, low lone cards leave) than drawing would.
- *Taking.* The discard's top card is taken when it makes a combination to lay now or
  pairs a lone low card; otherwise the bot draws, lays the drawn card if it can, keeps
  it if it leaves a better hand (an INFINITY, NUM_X, a partner for a lone low card),
  and discards it otherwise (a card that only makes a group bigger is not worth it).
- *Interrupts* (RAINBOW or SHADOW of the reference value, in or out of turn) are played
  when they empty the hand, cut an opponent's pending take, stop an opponent close to
  going out, or leave the bot a reference the others are unlikely to beat; otherwise
  the bot declines.

Its measured strength, and the command that measures it, are in the "The heuristic
bot" section of docs/reference/numbounce.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from numrules.core.botspec import BotOption, bot_options
from numrules.core.cards import Family, FamilyCard, NumCard
from numrules.numbounce.actions import (
    Action,
    Decline,
    Discard,
    Interrupt,
    Keep,
    NumX,
    Pass,
    Play,
    Take,
)
from numrules.numbounce.cards import NUM_X, Pile
from numrules.numbounce.combinations import MIXED, beating, holds_infinity, value_of
from numrules.numbounce.observation import Observation
from numrules.numbounce.state import Phase
from numrules.numbounce.strategy.hand_cost import best_opening, hand_cost
from numrules.numbounce.strategy.inference import Odds, odds_of

Hand = frozenset[NumCard]

WIN = 1000.0
"""The score of an action that empties the hand."""
BEAT_RATE = 0.8
"""The chance that a seat able to lay on a reference does so."""
DRAW_HOPE = 0.2
"""What drawing a card may bring (it can always be discarded)."""
CUT_BONUS = 0.8
"""What cutting an opponent's pending take is worth (the card stays in its hand)."""
LOSS = 12.0
"""What an opponent going out costs the bot (the round is lost), times the chance."""
INTERRUPT_MARGIN = 0.3
"""How much an interrupt must beat letting it pass by, to be played out of turn."""


@attrs.define(slots=True)
class Situation:
    """One decision: the observation, the seat's hand and the odds on the other hands."""

    observation: Observation
    me: int
    hand: Hand
    odds: Odds
    lead_cache: dict[tuple[int, int | None, bool], float] = attrs.field(factory=dict)
    """Cache: the chance that a reference comes back to the bot, by (size, value, INFINITY)."""

    @property
    def reference(self) -> tuple[NumCard, ...]:
        """The combination to beat (empty when a trick must be opened)."""
        return self.observation.reference


def situation(observation: Observation) -> Situation:
    """Gather what one decision needs from `observation`."""
    assert observation.seat is not None, "a spectator has no hand to play"
    return Situation(
        observation=observation,
        me=observation.seat,
        hand=frozenset(observation.hand),
        odds=odds_of(observation),
    )


class HeuristicBot:
    """Plays Num Bounce by shedding its biggest groups and keeping the lead.

    Deterministic from `seed` (which only breaks exact ties); it reads nothing but its
    observation and the actions it is offered.
    """

    OPTIONS: ClassVar[Mapping[str, BotOption]] = bot_options()
    """It takes no options."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    def act(
        self, observation: Observation, actions: Sequence[Action], optional: bool
    ) -> Action | None:
        """Take the action with the best score; decline an interrupt that does not pay."""
        if len(actions) == 1 and not optional:
            return actions[0]
        sit = situation(observation)
        scored = [(action_score(sit, action), index) for index, action in enumerate(actions)]
        best = max(score for score, _ in scored)
        if optional and best < hand_score(sit, sit.hand) + INTERRUPT_MARGIN:
            return None
        ties = [index for score, index in scored if score >= best - 1e-9]
        choice = ties[0] if len(ties) == 1 else ties[self._rng.randrange(len(ties))]
        return actions[choice]


def action_score(sit: Situation, action: Action) -> float:
    """How good `action` is for the bot (higher is better)."""
    if type(action) is Play:
        return play_score(sit, action.cards)
    if type(action) is NumX:
        return num_x_score(sit)
    if type(action) is Take:
        return take_score(sit, action.pile)
    if type(action) is Keep:
        taken = sit.observation.taken
        return hand_score(sit, sit.hand if taken is None else sit.hand | {taken})
    if type(action) is Interrupt:
        return interrupt_score(sit, action.card)
    assert type(action) in (Discard, Pass, Decline)
    return hand_score(sit, sit.hand)


def hand_score(sit: Situation, hand: Hand) -> float:
    """The score of keeping `hand` with nothing else happening: minus its cost."""
    return WIN if not hand else -hand_cost(hand)


# --- laying combinations -------------------------------------------------------------------


def play_score(sit: Situation, cards: tuple[NumCard, ...]) -> float:
    """The score of laying `cards`: opening, going up or down, or a card on the own SHADOW."""
    obs = sit.observation
    hand = sit.hand
    if obs.phase is Phase.TAKEN and obs.taken is not None:
        hand = hand | {obs.taken}
    after = hand - set(cards)
    value = value_of(cards)
    reference = sit.reference
    if obs.phase is not Phase.SHADOW and reference:
        target = value_of(reference)
        if value is not None and target is not None and target != MIXED and value < target:
            after = after | set(reference)  # going down: the reference comes back
    if not after:
        return WIN
    score = hand_score(sit, after) + lead_worth(sit, cards, after) - danger(sit, cards)
    return score + stop_worth(sit)


def lead_worth(sit: Situation, laid: Sequence[NumCard], after: Hand) -> float:
    """What the chance that `laid` comes back to the bot (which then opens) is worth."""
    return back_chance(sit, len(laid), value_of(laid), holds_infinity(laid)) * opening_gain(after)


def back_chance(sit: Situation, size: int, value: int | None, infinity: bool) -> float:
    """The chance that no other seat lays on a reference of `size` cards of `value`."""
    key = (size, value, infinity)
    cached = sit.lead_cache.get(key)
    if cached is not None:
        return cached
    chance = 1.0
    for seat in range(sit.observation.config.players):
        if seat != sit.me:
            chance *= 1.0 - BEAT_RATE * sit.odds.beat_chance(seat, size, value, infinity)
    sit.lead_cache[key] = chance
    return chance


def opening_gain(hand: Hand) -> float:
    """What opening a trick with `hand` is worth: laying its best group."""
    if not hand:
        return 0.0
    opening = best_opening(hand)
    rest = hand - set(opening)
    if not rest:
        return WIN / 2  # the opening itself would empty the hand
    return hand_cost(hand) - hand_cost(rest)


def danger(sit: Situation, laid: Sequence[NumCard]) -> float:
    """What laying `laid` risks: an opponent holding as many cards may go up on it and out."""
    size = len(laid)
    value, infinity = value_of(laid), holds_infinity(laid)
    risk = 0.0
    for seat, cards in enumerate(sit.observation.hand_sizes):
        if seat != sit.me and cards == size:
            risk += sit.odds.beat_chance(seat, size, value, infinity, down=False)
    return LOSS * min(risk, 1.0)


def num_x_score(sit: Situation) -> float:
    """The score of NUM_X: the trick is gone and the bot opens the next one."""
    after = sit.hand - {NUM_X}
    if not after:
        return WIN
    return hand_score(sit, after) + opening_gain(after) + stop_worth(sit)


def stop_worth(sit: Situation) -> float:
    """What taking the reference from an author close to going out is worth.

    Only the SHADOW follow-up lays on the bot's own reference, so it gains nothing.
    """
    obs = sit.observation
    author = obs.author
    if author is None or author == sit.me or obs.phase is Phase.SHADOW:
        return 0.0
    return LOSS * going_out(obs.hand_sizes[author])


def going_out(cards: int) -> float:
    """The chance that a seat holding `cards` empties its hand when it opens a trick."""
    return {1: 1.0, 2: 0.5, 3: 0.2}.get(cards, 0.0)


# --- taking cards ----------------------------------------------------------------------------


def take_score(sit: Situation, pile: Pile) -> float:
    """The score of taking from `pile`: the discard's top card is known, the draw is not."""
    if pile is Pile.DRAW:
        return hand_score(sit, sit.hand) + DRAW_HOPE
    top = sit.observation.discard[-1]
    kept = hand_score(sit, sit.hand | {top})
    return max(kept, best_play_with(sit, top))


def best_play_with(sit: Situation, card: NumCard) -> float:
    """The best score of a combination including `card` that may be laid now."""
    reference = sit.reference
    if card is NUM_X or not reference:
        return -WIN
    value = value_of(reference)
    target = None if value == MIXED else value
    plays = beating(sit.hand | {card}, len(reference), target, holds_infinity(reference))
    taken = attrs.evolve(sit, hand=sit.hand | {card}, lead_cache=sit.lead_cache)
    return max(
        (play_score(taken, combo) for combo in plays if card in combo),
        default=-WIN,
    )


# --- interrupts --------------------------------------------------------------------------


def interrupt_score(sit: Situation, card: NumCard) -> float:
    """The score of a RAINBOW or SHADOW interrupt with `card`."""
    obs = sit.observation
    hand = sit.hand
    if obs.mover == sit.me and obs.phase is Phase.TAKEN and obs.taken is not None:
        hand = hand | {obs.taken}  # the own pending take goes into the hand
    after = hand - {card}
    if not after:
        return WIN
    bonus = stop_worth(sit)
    if obs.phase is Phase.TAKEN and obs.mover != sit.me:
        bonus += CUT_BONUS
    assert type(card) is FamilyCard
    if card.family is Family.RAINBOW:
        grown = (*sit.reference, card)
        return hand_score(sit, after) + lead_worth(sit, grown, after) - danger(sit, grown) + bonus
    return shadow_score(sit, card, after) + bonus


def shadow_score(sit: Situation, shadow: FamilyCard, after: Hand) -> float:
    """The score of a SHADOW interrupt: the best single card to lay on it, or none."""
    best = hand_score(sit, after) + lead_worth(sit, (shadow,), after) - danger(sit, (shadow,))
    for (single,) in beating(after, 1, shadow.value, False):
        if type(single) is FamilyCard and single.value < shadow.value:
            continue  # only going up on the own SHADOW
        rest = after - {single}
        if not rest:
            return WIN
        score = hand_score(sit, rest) + lead_worth(sit, (single,), rest) - danger(sit, (single,))
        best = max(best, score)
    return best
