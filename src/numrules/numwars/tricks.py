"""The trick: which cards a seat may play (duties and the steal), who wins, and the Bomb.

Pure functions on a hand and a trick. A trick is the tuple of cards in play order from
the leader, with None where a card left the trick in a steal (`State.trick`).
"""

from __future__ import annotations

from collections.abc import Sequence

from numrules.core.cards import Family, FamilyCard, NumCard, Special, SpecialCard
from numrules.numwars.cards import BLUE, GREEN, RAINBOW, RED, SHADOW, YELLOW, Suit
from numrules.numwars.state import Fate

Trick = Sequence[NumCard | None]
"""Cards of a trick in play order from the leader; None where a card was stolen away."""


def _key(card: NumCard | None) -> Family | None:
    # The suit of a card as a family (SHADOW counts as RAINBOW: one trump suit); None for
    # a special. Cheaper than `suit_of` (no hashing) on the hot path.
    if type(card) is FamilyCard:
        family = card.family
        return RAINBOW if family is SHADOW else family
    return None


def _trump_value(card: NumCard | None) -> int:
    # The value of a real trump; -1 for any other card.
    if type(card) is FamilyCard and (card.family is RAINBOW or card.family is SHADOW):
        return card.value
    return -1


def _led_key(trick: Trick) -> Family | None:
    # A None before any suited card stands for a stolen trump: the suit stays TRUMP.
    for card in trick:
        if card is None:
            return RAINBOW
        if type(card) is FamilyCard:
            return _key(card)
    return None


def led_suit(trick: Trick) -> Suit | None:
    """The suit to follow: that of the first classic or trump card played to the trick.

    Specials set no suit (None while only specials were played). A stolen lead keeps its
    suit: a None before any suited card stands for a stolen trump, so the suit is TRUMP.
    """
    key = _led_key(trick)
    return None if key is None else _SUIT_OF_KEY[key]


_SUIT_OF_KEY = {
    RED: Suit.RED,
    BLUE: Suit.BLUE,
    GREEN: Suit.GREEN,
    YELLOW: Suit.YELLOW,
    RAINBOW: Suit.TRUMP,
}


def _trump_values(trick: Trick) -> set[int]:
    # The values of the real trumps still in the trick (at most one card per value).
    return {value for value in map(_trump_value, trick) if value >= 0}


def is_steal(trick: Trick, card: NumCard) -> bool:
    """Whether playing `card` is a steal: it is the partner of a real trump in the trick."""
    if type(card) is not FamilyCard:
        return False
    family = card.family
    if family is RAINBOW:
        family = SHADOW
    elif family is SHADOW:
        family = RAINBOW
    else:
        return False
    value = card.value
    for other in trick:
        if type(other) is FamilyCard and other.value == value and other.family is family:
            return True
    return False


def legal_plays(hand: Sequence[NumCard], trick: Trick) -> list[NumCard]:
    """The cards of `hand` that may be played to `trick`, in hand order.

    Leading: any classic or trump card (a special only with nothing else in hand). With
    only specials in the trick, any card. Otherwise follow the led suit; if void, play a
    real trump or a special if held; otherwise anything. A real trump played over a real
    trump must beat the highest one in the trick if the hand can. The partner of a real
    trump in the trick may always be played (a steal).
    """
    if not trick:
        lead: list[NumCard] = [card for card in hand if type(card) is FamilyCard]
        return lead or list(hand)
    suit = _led_key(trick)
    if suit is None:
        return list(hand)
    allowed = [card for card in hand if _key(card) is suit]
    if not allowed:
        allowed = [card for card in hand if type(card) is SpecialCard or _key(card) is RAINBOW]
    if not allowed:
        return list(hand)
    values = _trump_values(trick)
    if not values:
        return allowed
    top = max(values)
    if any(_trump_value(card) > top for card in allowed):
        allowed = [card for card in allowed if _trump_value(card) < 0 or _trump_value(card) > top]
    ids = {id(card) for card in allowed}
    ids.update(id(card) for card in hand if _trump_value(card) in values)  # steals
    return [card for card in hand if id(card) in ids]


def refusal(hand: Sequence[NumCard], trick: Trick, card: NumCard) -> str | None:
    """Why `card` (held in `hand`) may not be played to `trick`; None if it may.

    Agrees with `legal_plays` and costs one pass over the hand at most.
    """
    return None if is_steal(trick, card) else refusal_unless_steal(hand, trick, card)


def refusal_unless_steal(hand: Sequence[NumCard], trick: Trick, card: NumCard) -> str | None:
    """`refusal` for a card known not to be a steal (`is_steal` is False)."""
    if not trick:
        if type(card) is SpecialCard and any(type(c) is FamilyCard for c in hand):
            return "lead a classic or trump card while you hold one (specials only as a last card)"
        return None
    suit = _led_key(trick)
    if suit is None:
        return None
    own = _key(card)
    if own is not suit:
        if any(_key(c) is suit for c in hand):
            return f"you must follow the led suit ({_SUIT_OF_KEY[suit].name})"
        cuts = own is None or own is RAINBOW
        if not cuts and any(type(c) is SpecialCard or _key(c) is RAINBOW for c in hand):
            return "you cannot follow: you must cut with a real trump or a special"
    value = _trump_value(card)
    if value >= 0:
        values = _trump_values(trick)
        if values:
            top = max(values)
            if value < top and any(_trump_value(c) > top for c in hand):
                return f"you must go higher than the trump {top} in the trick"
    return None


def winner(trick: Trick, leader: int, players: int) -> int:
    """The seat that wins a complete trick.

    NUMX if played; else the highest real trump still in the trick; else the highest card
    of the led classic suit; else the leader.
    """
    best, best_value = -1, -1
    for k, card in enumerate(trick):
        if type(card) is SpecialCard and card.kind is Special.NUM_X:
            return (leader + k) % players
        if _trump_value(card) > best_value:
            best, best_value = k, _trump_value(card)
    if best < 0:
        suit = _led_key(trick)
        if suit is not None and suit is not RAINBOW:
            for k, card in enumerate(trick):
                if type(card) is FamilyCard and card.family is suit and card.value > best_value:
                    best, best_value = k, card.value
    return leader if best < 0 else (leader + best) % players


def bomb_fate(trick: Trick, leader: int, players: int) -> tuple[Fate, int | None, int | None]:
    """What happens to the Bomb in a complete trick holding it: (fate, capturer, protector).

    The threats are NUMX, QUANTUM and every real SHADOW still in the trick. NUMX captures
    whatever else; otherwise a JOKER neutralises the first threat in play order, and the
    first threat left captures the Bomb for its player. With no threat left the Bomb is
    kept: PROTECTED if the Joker neutralised a threat (the protector is the Joker's
    player), else KEPT.
    """
    threats: list[int] = []
    joker = -1
    for k, card in enumerate(trick):
        if type(card) is SpecialCard:
            kind = card.kind
            if kind is Special.NUM_X:
                return Fate.CAPTURED, (leader + k) % players, None
            if kind is Special.QUANTUM:
                threats.append(k)
            elif kind is Special.JOKER:
                joker = k
        elif type(card) is FamilyCard and card.family is SHADOW:
            threats.append(k)
    if joker >= 0 and threats:
        if len(threats) == 1:
            return Fate.PROTECTED, None, (leader + joker) % players
        return Fate.CAPTURED, (leader + threats[1]) % players, None
    if threats:
        return Fate.CAPTURED, (leader + threats[0]) % players, None
    return Fate.KEPT, None, None
