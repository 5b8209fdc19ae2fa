"""A heuristic Num Wars bot: card sense, counting and role play a good human would use.

Strategy (`HeuristicBot`): every legal card is scored by what playing it now is expected
to bring, less what the card would be worth kept for later, and the best one is played.

- *Winning tricks.* The chance that a card takes the trick comes from the cards still
  unseen (in the other hands or set aside): a higher card of the suit, a trump in a seat
  that may be void (known from who discarded what in the log), NUMX, or a steal of the
  trump just played. The prize is what the trick's cards add to the bot's won pile,
  grouped by value as the scoring does: a second card of a value cancels the first,
  while a pair that may still become a triple keeps some of the triple's worth. A trick
  that would cost points is left to others.
- *Losing cheaply.* When the trick is lost, the card with the least future worth goes
  (low classic cards before masters, classic cards before trumps), and a card that
  would complete another seat's pair into a triple is not fed to it.
- *Steals.* Stealing a trump pair scores its value at once and is weighed like any play.
- *Roles.* The Bomber keeps the Bomb until a trick no threat (NUMX, QUANTUM, a SHADOW
  still in the trick) can reach: last to play on a threat-free trick, or where every
  later seat is unlikely to hold and be able to play one; its patience shrinks with its
  hand. The Deminer keeps QUANTUM for the Bomb's trick and plays it there when it would
  capture; the Accomplice plays the JOKER on a Bomb that a single threat endangers (or
  may still endanger); a Civilian (or the Deminer) captures with a SHADOW when it can;
  the Num-X player saves NUMX for a rich trick without the Bomb and never captures.
  Seats holding such a card shed their shortest suit first, since a special can only
  be played when void in the suit led. Once the Bomb is settled, QUANTUM and JOKER are
  free discards.

Its measured strength, and the command that measures it, are in the "The heuristic
bot" section of docs/reference/numwars.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from numrules.core.botspec import BotOption, bot_options
from numrules.core.cards import FamilyCard, NumCard, Special, SpecialCard
from numrules.numwars.actions import Action
from numrules.numwars.cards import BOMB, JOKER, NUM_X, QUANTUM, SHADOW, Role, Suit, suit_of
from numrules.numwars.cards import partner as partner_of
from numrules.numwars.observation import Observation
from numrules.numwars.scoring import classic_counts, is_classic
from numrules.numwars.state import Fate
from numrules.numwars.strategy.card_values import bomb_bonus, family_keep, pile_gain, still_out
from numrules.numwars.strategy.inference import THREAT_SPECIALS, Knowledge, Tracker, holds_any, read
from numrules.numwars.tricks import bomb_fate, is_steal, led_suit, winner

Trick = tuple[NumCard | None, ...]

SPITE = 0.4
"""How much an opponent's gain counts against the bot, next to its own."""
FOLLOW_BEAT = 0.8
"""The chance that a seat able to beat a classic card in its suit does so."""
SHADOW_RATE = 0.5
"""The chance that a seat able to play a SHADOW on the Bomb's trick does so."""
DROP_RATE = 0.3
"""The chance that a Bomber able to drop the Bomb on a NUMX trick does so."""
VOID_PULL = 3.0
"""How much less a card of the shortest suit is worth to a seat that wants a void."""
PATIENCE_CAP = 0.5
"""The Bomber's patience (see `bomb_patience`) with no spare trump or special..."""
PATIENCE_SPARE = 0.12
"""... and how much each of the first two spares adds to it."""
PATIENCE_CARD = 0.025
"""How much each card in hand adds to the Bomber's patience."""
GUARD = 10.0
"""The worth of the trumps kept so as not to be forced to play a special, shared among them."""
QUANTUM_KEEP = 25.0
"""The worth of holding QUANTUM while the Bomb is still to come."""
JOKER_KEEP = 6.0
"""The worth of holding the JOKER while the Bomb is still to come."""


@attrs.define(slots=True)
class Situation:
    """One decision: the observation, what the seat knows, and cached pile figures."""

    observation: Observation
    knowledge: Knowledge
    role: Role
    me: int
    piles: tuple[dict[int, int], ...]
    """Each seat's won classic cards, counted by value."""
    out: dict[int, int]
    """The classic cards of each value that could still join the bot's pile."""
    pulls: dict[Suit, float]
    """How much less a card of each suit is worth kept (shedding a suit to make a void)."""
    spares: int
    """The trumps and specials in hand besides the card that wants a void: what a void
    seat may play instead of that card."""
    guard: float
    """The extra worth of each trump held as a guard: with no trump left, a seat void in
    the suit led must play a special it would rather keep."""
    follow_worth: dict[Suit, float] = attrs.field(factory=dict)
    """Cache: what a follower's card of a suit adds to the bot's pile on average."""

    @property
    def trick(self) -> Trick:
        """The current trick."""
        return self.observation.trick

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.observation.config.players


def situation(observation: Observation, tracker: Tracker | None = None) -> Situation:
    """Gather what one decision needs from `observation` (`tracker`: see `knowledge.read`)."""
    knowledge = read(observation, tracker)
    assert observation.role is not None
    assert observation.seat is not None
    return Situation(
        observation=observation,
        knowledge=knowledge,
        role=observation.role,
        me=observation.seat,
        piles=tuple(classic_counts(pile) for pile in observation.won),
        out=still_out(knowledge, observation.hand),
        pulls=void_pulls(observation, knowledge),
        spares=spare_cards(observation.hand),
        guard=trump_guard(observation, knowledge),
    )


class HeuristicBot:
    """Plays Num Wars by counting cards, pricing tricks and playing its secret role.

    Deterministic from `seed` (which only breaks exact ties); it reads nothing but its
    observation and the actions it is offered.
    """

    OPTIONS: ClassVar[Mapping[str, BotOption]] = bot_options()
    """It takes no options."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._tracker = Tracker()

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    def act(self, observation: Observation, actions: Sequence[Action], optional: bool) -> Action:
        """Play the card with the best expected worth (see the module docstring)."""
        if len(actions) == 1:
            return actions[0]
        sit = situation(observation, self._tracker)
        scored = [(card_score(sit, action.card), index) for index, action in enumerate(actions)]
        best = max(score for score, _ in scored)
        ties = [index for score, index in scored if score >= best - 1e-9]
        choice = ties[0] if len(ties) == 1 else ties[self._rng.randrange(len(ties))]
        return actions[choice]


def card_score(sit: Situation, card: NumCard) -> float:
    """The expected worth of playing `card` now, less its worth kept for later."""
    steal = is_steal(sit.trick, card)
    after = trick_after(sit.trick, card, steal)
    win = win_chance(sit, after, card)
    score = win * (prize(sit, after) + consolation(sit, after) + denial(sit))
    score -= SPITE * gift(sit, after, card, win)
    if steal:
        assert type(card) is FamilyCard
        score += card.value
    else:
        score -= SPITE * steal_exposure(sit, card)
    score += bomb_term(sit, after, card)
    return score - keep_value(sit, card)


def trick_after(trick: Trick, card: NumCard, steal: bool) -> Trick:
    """The trick once `card` is played (a steal takes its partner out with it)."""
    if not steal:
        return (*trick, card)
    assert type(card) is FamilyCard
    other = partner_of(card)
    return (*(None if c == other else c for c in trick), None)


# --- winning the trick -------------------------------------------------------------------


def win_chance(sit: Situation, after: Trick, card: NumCard) -> float:
    """The chance that the bot takes the trick after playing `card`."""
    leader = sit.observation.leader
    if winner(after, leader, sit.players) != sit.me:
        return 0.0
    later = sit.knowledge.later
    if not later:
        return 1.0
    if card not in after:  # a steal by the leader: only the leader rule keeps the trick
        return 0.0
    suit = led_suit(after)
    hold = 1.0
    for seat in later:
        hold *= 1.0 - beat_chance(sit, seat, card, suit)
    return hold


def beat_chance(sit: Situation, seat: int, card: NumCard, suit: Suit | None) -> float:
    """The chance that `seat`, playing later, takes the trick `card` is winning."""
    k = sit.knowledge
    if not isinstance(card, FamilyCard):
        return 0.0 if card is NUM_X else 0.9
    numx = k.special_chance(seat, (NUM_X,))
    void = k.void_chance(seat, suit)
    trumps = k.suit_cards(Suit.TRUMP)
    if suit_of(card) is Suit.TRUMP:
        higher = holds_any(
            sum(1 for t in trumps if t.value > card.value), k.hand_sizes[seat], k.hidden
        )
        stolen = steal_chance(sit, seat, card)
        if suit is Suit.TRUMP:
            return min(1.0, higher + stolen + numx * k.void_chance(seat, Suit.TRUMP))
        return min(1.0, void * (higher + numx) + stolen)
    assert suit is not None
    higher_cards = sum(1 for c in k.suit_cards(suit) if c.value > card.value)
    higher = holds_any(higher_cards, k.hand_sizes[seat], k.hidden)
    cut = holds_any(len(trumps), k.hand_sizes[seat], k.hidden) + numx
    return min(1.0, FOLLOW_BEAT * higher + void * cut)


def steal_chance(sit: Situation, seat: int, card: FamilyCard) -> float:
    """The chance that `seat` holds the partner of the trump `card` (and so may steal it)."""
    k = sit.knowledge
    if partner_of(card) not in k.unseen:
        return 0.0
    return k.hand_sizes[seat] / k.hidden


def steal_exposure(sit: Situation, card: NumCard) -> float:
    """What a later seat is expected to score by stealing the trump `card`."""
    if type(card) is not FamilyCard or suit_of(card) is not Suit.TRUMP:
        return 0.0
    chance = sum(steal_chance(sit, seat, card) for seat in sit.knowledge.later)
    return min(chance, 1.0) * card.value


# --- what the trick is worth -------------------------------------------------------------


def prize(sit: Situation, after: Trick) -> float:
    """What taking the trick adds to the bot's pile: its cards, and the followers' likely ones."""
    config = sit.observation.config
    gain = pile_gain(config, sit.piles[sit.me], after, sit.out)
    suit = led_suit(after)
    if suit is None or suit is Suit.TRUMP:
        return gain
    k = sit.knowledge
    follow = sum(1.0 - k.void_chance(seat, suit) for seat in k.later)
    return gain + follow * follower_worth(sit, suit)


def follower_worth(sit: Situation, suit: Suit) -> float:
    """What one unseen card of `suit` would add to the bot's pile, on average."""
    cached = sit.follow_worth.get(suit)
    if cached is not None:
        return cached
    config = sit.observation.config
    cards = sit.knowledge.suit_cards(suit)
    pile = sit.piles[sit.me]
    worth = sum(pile_gain(config, pile, (c,), sit.out) for c in cards) / len(cards) if cards else 0
    sit.follow_worth[suit] = worth
    return worth


def denial(sit: Situation) -> float:
    """What the seat now winning the trick would have scored with it, weighed by spite."""
    trick = sit.trick
    if not any(is_classic(card) for card in trick):
        return 0.0
    rival = winner(trick, sit.observation.leader, sit.players)
    return SPITE * pile_gain(sit.observation.config, sit.piles[rival], trick)


def gift(sit: Situation, after: Trick, card: NumCard, win: float) -> float:
    """What the bot's `card` is expected to give another seat that takes the trick."""
    if not is_classic(card) or win >= 1.0:
        return 0.0
    config = sit.observation.config
    taker = winner(after, sit.observation.leader, sit.players)
    if taker != sit.me:
        return pile_gain(config, sit.piles[taker], (card,))
    later = sit.knowledge.later
    mean = sum(pile_gain(config, sit.piles[seat], (card,)) for seat in later) / len(later)
    return (1.0 - win) * mean


def consolation(sit: Situation, after: Trick) -> float:
    """The Deminer's consolation for taking the JOKER's trick, as far as it can be counted."""
    if sit.role is not Role.DEMINER or JOKER not in after:
        return 0.0
    obs = sit.observation
    if obs.capturer == sit.me:
        return 0.0
    return float(obs.config.deminer_consolation) * (1.0 if obs.bomb is not None else 0.5)


# --- the Bomb ----------------------------------------------------------------------------


def bomb_term(sit: Situation, after: Trick, card: NumCard) -> float:
    """What the Bomb's fate in this trick is expected to bring the bot, after `card`."""
    config = sit.observation.config
    if BOMB not in after:
        if card is NUM_X and sit.knowledge.bomb_pending():
            return -drop_chance(sit) * (config.num_x_spared - config.num_x_captures)
        return 0.0
    fate, capturer, protector = bomb_fate(after, sit.observation.leader, sit.players)
    me = sit.me
    value = float(bomb_bonus(config, sit.role, fate, capturer == me, protector == me))
    if card is JOKER and fate is Fate.KEPT:
        return config.joker_protects * threat_arrival(sit, after)
    if value <= 0:
        return value  # a penalty sticks: later cards do not undo a capture
    if fate is Fate.CAPTURED:
        return value * (1.0 - rescue_arrival(sit, after))
    return value * (1.0 - threat_arrival(sit, after))


def threat_arrival(sit: Situation, after: Trick) -> float:
    """The chance that a seat still to play adds a threat to the Bomb's trick."""
    suit = led_suit(after)
    safe = 1.0
    for seat in sit.knowledge.later:
        safe *= 1.0 - threat_chance(sit, seat, suit)
    return 1.0 - safe


def threat_chance(sit: Situation, seat: int, suit: Suit | None) -> float:
    """The chance that `seat` holds a threat it may play to a trick of `suit`, and plays it."""
    k = sit.knowledge
    specials = k.special_chance(seat, THREAT_SPECIALS)
    shadows = holds_any(
        sum(1 for c in k.suit_cards(Suit.TRUMP) if c.family is SHADOW), k.hand_sizes[seat], k.hidden
    )
    if suit is Suit.TRUMP:
        return min(1.0, specials * k.void_chance(seat, Suit.TRUMP) + SHADOW_RATE * shadows)
    void = k.void_chance(seat, suit)
    return min(1.0, void * (specials + SHADOW_RATE * shadows))


def rescue_arrival(sit: Situation, after: Trick) -> float:
    """The chance that a later seat takes a capture from the bot (JOKER, NUMX, a threat)."""
    k = sit.knowledge
    suit = led_suit(after)
    safe = 1.0
    for seat in k.later:
        void = k.void_chance(seat, suit)
        safe *= 1.0 - void * k.special_chance(seat, (JOKER, NUM_X))
    return 1.0 - safe


def drop_chance(sit: Situation) -> float:
    """The chance that a later seat drops the Bomb on this trick (and NUMX captures it)."""
    k = sit.knowledge
    suit = led_suit(sit.trick)
    chance = sum(k.void_chance(seat, suit) * k.special_chance(seat, (BOMB,)) for seat in k.later)
    return DROP_RATE * min(chance, 1.0)


# --- what a card is worth kept -----------------------------------------------------------


def keep_value(sit: Situation, card: NumCard) -> float:
    """What holding `card` for a later trick is worth to the bot."""
    if isinstance(card, FamilyCard):
        suit = suit_of(card)
        if suit is Suit.TRUMP:
            return family_keep(sit.knowledge, card) + sit.guard
        pull = sit.pulls.get(suit, 0.0) if suit is not None else 0.0
        return family_keep(sit.knowledge, card) - pull
    hand = len(sit.observation.hand)
    pending = sit.knowledge.bomb_pending()
    kind = card.kind
    if kind is Special.BOMB:
        return sit.observation.config.bomb_kept * bomb_patience(hand, sit.spares)
    if kind is Special.NUM_X:
        return min(18.0, 4.0 + 0.7 * hand)
    if kind is Special.QUANTUM:
        return QUANTUM_KEEP if pending else 0.0
    if kind is Special.JOKER:
        return JOKER_KEEP if pending else 0.0
    return 0.0


def bomb_patience(hand: int, spares: int) -> float:
    """How safe a trick must look before the Bomber drops the Bomb.

    The more cards in hand, the longer the Bomber can wait; without trumps (`spares`:
    trumps and other specials) it cannot choose: a void forces the Bomb out.
    """
    return min(PATIENCE_CAP + PATIENCE_SPARE * min(spares, 2), 0.3 + PATIENCE_CARD * hand)


def void_pulls(observation: Observation, knowledge: Knowledge) -> dict[Suit, float]:
    """The discount on cards of the shortest classic suit, for a seat that wants a void."""
    if not wants_void(observation, knowledge) or not spare_cards(observation.hand):
        return {}  # without a spare trump or special, a void would force the card out
    lengths: dict[Suit, int] = {}
    for held in observation.hand:
        suit = suit_of(held)
        if suit is not None and suit is not Suit.TRUMP:
            lengths[suit] = lengths.get(suit, 0) + 1
    if not lengths:
        return {}
    shortest = min(lengths.values())
    return {suit: VOID_PULL / size for suit, size in lengths.items() if size == shortest}


def spare_cards(hand: Sequence[NumCard]) -> int:
    """How many cards a void seat could play besides one special: trumps and specials."""
    cut = sum(1 for card in hand if type(card) is SpecialCard or suit_of(card) is Suit.TRUMP)
    return max(cut - 1, 0)


def trump_guard(observation: Observation, knowledge: Knowledge) -> float:
    """The extra worth of each trump while the hand holds a special it must keep.

    That is the Bomb, or QUANTUM or NUMX while the Bomb is to come: without a trump, a
    seat void in the suit led may have to play it.
    """
    hand = observation.hand
    pending = knowledge.bomb_pending()
    if not (BOMB in hand or (pending and (QUANTUM in hand or NUM_X in hand))):
        return 0.0
    trumps = sum(1 for card in hand if suit_of(card) is Suit.TRUMP)
    return GUARD / trumps if trumps else 0.0


def wants_void(observation: Observation, knowledge: Knowledge) -> bool:
    """Whether the bot holds a card it can only play when void in the suit led."""
    hand = observation.hand
    if BOMB in hand or NUM_X in hand:
        return True
    if not knowledge.bomb_pending():
        return False
    if QUANTUM in hand or JOKER in hand:
        return True
    return observation.role is Role.CIVILIAN and any(
        type(c) is FamilyCard and c.family is SHADOW for c in hand
    )
