"""Determinization for Num Bounce: a full state drawn from what one seat knows.

What a seat cannot see: the other hands beyond their known cards, the draw pile (its
content and order), and a card another seat has just taken from the draw pile (phase
TAKEN). Everything else is copied from the observation: the seat's own hand (and a card it
has just taken), the trick, the discard, the hand sizes, every hand's known cards, the
draw size, the round, turn and recycle counters, and the seat's own account of the game
(the sample's log tells every other seat the public version of each event only). The seed
is new, drawn from the rng: it decides only the shuffles to come (the next recycling of
this round is numbered on from `recycles`, the next rounds from `round`), which nobody
can know.

What the seat can infer, and every sample keeps:

- Cards known to be in a hand (taken from the discard, taken back by going down) stay in
  it; every hand keeps its size and the draw pile its size; a card another seat took
  from the draw pile and is deciding on is one hidden card.
- *Epochs.* The deal and each recycling are shuffles the seat does not see, and nothing
  else hides a card. So each hidden card belongs to the last shuffle that hid it: epoch 0,
  the deal (the cards the seat did not see then), or epoch k, the k-th recycling of this
  round, whose pile (the discard but its top card at that moment) everyone saw: its
  cards are known, not their order. A recycling happens only when the draw pile is empty,
  so the draw pile, and a card another seat is deciding on after taking it from there,
  hold cards of the current epoch only: every card hidden before the last recycling is in
  another hand.
- *How many cards of each epoch each other hand holds.* The seat's events tell it: the
  cards dealt (epoch 0), each card taken from the draw pile and kept, or kept because an
  interrupt cut the take (the epoch of that moment), and each card laid (a play, going
  down, NUM_X, an interrupt, the card on the own SHADOW) that was not a known card of the
  hand: that card's identity tells its epoch (the last recycling whose pile held it,
  else 0). A card taken from the draw pile and laid at once in a combination counts as
  kept then laid, so which card of the combination it was does not matter.
- Nothing else narrows the hidden cards. No action is forced by what a hand holds (a
  seat may always take, keep, decline, or pass when no card can be taken, and what
  decides that is public), an interrupt shows only its own card, and an interrupt let
  pass leaves no trace. Strategy is not modelled: a seat's choices are not read as hints
  about its hand. Earlier rounds say nothing: each round is dealt afresh.

Given all that, swapping two hidden cards of the same epoch turns each history that
explains the observation into another one, as likely under uniform shuffles. So the
consistent positions are exactly the splits of each epoch's hidden cards among the places
that hold that epoch (the other hands, the draw pile, the pending taken card) with the
counts above, and all are equally likely: a sample is one uniform shuffle of the hidden
cards, each epoch's cards then filling its places in turn (the draw pile's order is
uniform too).

The counts come from one pass over the events of the current round, from its `Dealt`;
with no recycling in the round there is one epoch and the log is not read. The work done
for an observation is kept for the next call with the same observation object, as a
search makes thousands of them: a repeated call only shuffles. An observation whose log
does not hold the round's deal (a position built by hand) is sampled from its fields
alone, as one epoch.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from numrules.core.cards import NumCard
from numrules.core.errors import SamplingError
from numrules.core.events import Event, Log, log_of_view
from numrules.core.sampling import sample_seed, shuffle
from numrules.numbounce.cards import ALL_CARDS, NUM_X, Pile
from numrules.numbounce.event_types import (
    Dealt,
    Discarded,
    Drew,
    Interrupted,
    Kept,
    NumXPlayed,
    Played,
    Recycled,
    TookDiscard,
    TrickClosed,
    WentDown,
)
from numrules.numbounce.observation import Observation
from numrules.numbounce.state import Phase, State

_FIRST_LOOK = 64
"""How many events past two per turn to read first when looking for the round's deal."""


@attrs.frozen(slots=True)
class _Plan:
    """Where the hidden cards of one observation may go, and what a sample copies as is."""

    hidden: tuple[tuple[NumCard, int], ...]
    """Every hidden card with its epoch, in canonical card order."""
    sizes: tuple[tuple[int, ...], ...]
    """Per epoch, how many of its cards each place holds: each seat of `others`, then the
    draw pile and the hidden taken card (only the current epoch has cards there)."""
    others: tuple[int, ...]
    """The seats whose hands hold hidden cards."""
    known: tuple[frozenset[NumCard], ...]
    """Every hand's known cards."""
    log: Log
    """The sample's log."""


class _LastPlan:
    """The plan of the last observation sampled: a search samples one many times."""

    __slots__ = ("entry",)

    def __init__(self) -> None:
        self.entry: tuple[Observation, _Plan] | None = None


_LAST = _LastPlan()


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A full state drawn uniformly among those consistent with `observation`.

    The sample gives the observing seat the same observation (events included) and the
    same legal actions, passes `check_state`, and keeps every inference of this module's
    docstring; its seed is drawn from `rng` (the shuffles to come are unknown). A
    spectator's observation (seat None) samples every hand.

    Raises:
        SamplingError: the observation is not one `observe` gives: the events of its round
            do not lead to it, or its hidden cards do not fit its sizes.

    """
    entry = _LAST.entry
    if entry is not None and entry[0] is observation:
        plan = entry[1]
    else:
        plan = _plan(observation)
        _LAST.entry = (observation, plan)
    # One uniform shuffle of all the hidden cards orders each epoch's cards uniformly and
    # independently of the other epochs; each epoch's cards then fill its places in turn.
    order = shuffle(plan.hidden, rng)
    if len(plan.sizes) == 1:
        pools = [[card for card, _ in order]]
    else:
        pools = [[] for _ in plan.sizes]
        for card, epoch in order:
            pools[epoch].append(card)
    others = plan.others
    places: list[list[NumCard]] = [[] for _ in range(len(others) + 2)]
    for pool, sizes in zip(pools, plan.sizes, strict=True):
        start = 0
        for place, size in enumerate(sizes):
            if size:
                places[place] += pool[start : start + size]
                start += size
    hands: list[frozenset[NumCard]] = list(plan.known)
    for other, cards in zip(others, places, strict=False):
        hands[other] = hands[other].union(cards)
    seat = observation.seat
    if seat is not None:
        hands[seat] = frozenset(observation.hand)
    return State(
        config=observation.config,
        seed=sample_seed(rng),
        round=observation.round,
        wins=observation.wins,
        phase=observation.phase,
        mover=observation.mover,
        turn=observation.turn,
        hands=tuple(hands),
        known=plan.known,
        draw=tuple(places[-2]),
        discard=observation.discard,
        trick=observation.trick,
        ref_size=observation.ref_size,
        author=observation.author,
        interrupted=observation.interrupted,
        taken=places[-1][0] if places[-1] else observation.taken,
        source=observation.source,
        recycles=observation.recycles,
        log=plan.log,
    )


def _plan(observation: Observation) -> _Plan:
    # Sorts the hidden cards by epoch and counts how many of each every place holds.
    seat, n = observation.seat, observation.config.players
    visible: set[NumCard] = set(observation.hand)
    for known in observation.known:
        visible.update(known)
    visible.update(observation.discard)
    visible.update(observation.trick)
    if observation.taken is not None:
        visible.add(observation.taken)
    events = _round_events(observation) if observation.recycles else None
    if events is None:
        # One epoch: every hidden card may be in any hidden place.
        counts = [[observation.hand_sizes[o] - len(observation.known[o])] for o in range(n)]
        epoch_of: dict[NumCard, int] = {}
        last = 0
    else:
        counts, epoch_of, last = _epochs(events, observation)
    hidden = tuple((card, epoch_of.get(card, 0)) for card in ALL_CARDS if card not in visible)
    held = [0] * (last + 1)
    for _, epoch in hidden:
        held[epoch] += 1
    others = tuple(o for o in range(n) if o != seat)
    hidden_taken = observation.phase is Phase.TAKEN and observation.taken is None
    sizes = []
    for epoch in range(last + 1):
        places = [counts[o][epoch] for o in others]
        places += [observation.draw_size, int(hidden_taken)] if epoch == last else [0, 0]
        if min(places) < 0 or sum(places) != held[epoch]:
            raise SamplingError(
                f"Num Bounce sample: the {held[epoch]} hidden cards of epoch {epoch} do not "
                f"fit the places that hold them ({places})"
            )
        sizes.append(tuple(places))
    return _Plan(
        hidden=hidden,
        sizes=tuple(sizes),
        others=others,
        known=tuple(frozenset(known) for known in observation.known),
        log=log_of_view(observation.log),
    )


def _round_events(observation: Observation) -> tuple[Event, ...] | None:
    # The events of the observed round from its `Dealt` on; None if the log lacks that deal.
    log = observation.log
    total = len(log)
    # A turn records one or two events, rarely more: look a little further back first.
    span = 2 * observation.turn + _FIRST_LOOK
    while True:
        start = max(total - span, 0)
        events = log.since(start)
        for index in range(len(events) - 1, -1, -1):
            event = events[index]
            if type(event) is Dealt:
                return events[index:] if event.round == observation.round else None
        if not start:
            return None
        span *= 4


def _epochs(
    events: Sequence[Event], observation: Observation
) -> tuple[list[list[int]], dict[NumCard, int], int]:
    # For each seat, how many hidden cards of each epoch its hand holds; the epoch of every
    # recycled card (the others are of epoch 0); the current epoch. The events are the
    # round's, as the seat saw them. Raises SamplingError if they do not lead to the position.
    seat, n = observation.seat, observation.config.players
    discard: list[NumCard] = []
    first = len(events)
    # Up to the first recycling only the discard matters: it becomes the pile of epoch 1.
    for index, event in enumerate(events):
        if type(event) is TrickClosed:
            discard.extend(event.cards)
        elif type(event) is TookDiscard:
            _take_discard(discard, event.card)
        elif type(event) is Discarded:
            discard.append(event.card)
        elif type(event) is NumXPlayed:
            discard.extend(event.trick)
            discard.append(NUM_X)
        elif type(event) is Dealt:
            discard = [event.discard]
        elif type(event) is Recycled:
            first = index
            break
    # From there on, every seat's hidden cards of epochs 1 and up: those of epoch 0 are the
    # rest of its hidden cards. A card that was in a hand at the first recycling, known or
    # not, is of epoch 0 (it was in no recycled pile), so the known cards from before do
    # not matter: a card that leaves a hand counts only if it is of a later epoch.
    tracked = [o != seat for o in range(n)]
    counts: list[list[int]] = [[0] for _ in range(n)]
    known: list[set[NumCard]] = [set() for _ in range(n)]
    epoch_of: dict[NumCard, int] = {}
    epoch = 0
    # The pending take: its taker, and its card if it came from the discard (else None).
    taker: int | None = None
    public: NumCard | None = None
    for event in events[first:]:
        if type(event) is Played or type(event) is WentDown:
            who = event.seat
            if tracked[who]:
                if taker == who and public is None:
                    counts[who][epoch] += 1  # the card it drew is one of them: kept, then laid
                _lay(event.cards, known[who], counts[who], epoch_of, public)
                if type(event) is WentDown:
                    known[who].update(event.beaten)
            taker = public = None
        elif type(event) is Kept:
            who = event.seat
            if tracked[who]:
                if event.pile is Pile.DISCARD:
                    assert event.card is not None
                    known[who].add(event.card)
                else:
                    counts[who][epoch] += 1
            taker = public = None
        elif type(event) is Drew:
            taker, public = event.seat, None
        elif type(event) is TookDiscard:
            taker, public = event.seat, event.card
            _take_discard(discard, public)
        elif type(event) is Discarded:
            discard.append(event.card)
            taker = public = None
        elif type(event) is TrickClosed:
            discard.extend(event.cards)
        elif type(event) is Interrupted:
            who = event.seat
            if tracked[who]:
                _lay((event.card,), known[who], counts[who], epoch_of, None)
        elif type(event) is NumXPlayed:
            who = event.seat
            if tracked[who]:
                _lay((NUM_X,), known[who], counts[who], epoch_of, None)
            discard.extend(event.trick)
            discard.append(NUM_X)
        elif type(event) is Recycled:
            if len(discard) != event.count + 1:
                raise SamplingError(
                    "Num Bounce sample: the recycled pile does not match the discard"
                )
            epoch += 1
            for card in discard[:-1]:
                epoch_of[card] = epoch
            del discard[:-1]
            for count in counts:
                count.append(0)
    if epoch != observation.recycles or tuple(discard) != observation.discard:
        raise SamplingError("Num Bounce sample: the round's events do not lead to this position")
    for o, count in enumerate(counts):
        if tracked[o]:
            # Epoch 0 was not counted past the first recycling: it is the rest.
            count[0] = observation.hand_sizes[o] - len(observation.known[o]) - sum(count[1:])
            if min(count) < 0:
                raise SamplingError(f"Num Bounce sample: the events do not lead to seat {o}'s hand")
    return counts, epoch_of, epoch


def _take_discard(discard: list[NumCard], card: NumCard) -> None:
    # The top card of the discard, `card`, is taken.
    top = discard.pop() if discard else None
    if top is not card and top != card:
        raise SamplingError("Num Bounce sample: a card taken from the discard was not on it")


def _lay(
    cards: Sequence[NumCard],
    known: set[NumCard],
    counts: list[int],
    epoch_of: dict[NumCard, int],
    public: NumCard | None,
) -> None:
    # A seat lays `cards`: its known ones leave `known`, the others its hidden cards of
    # their epoch; `public` is its pending card taken from the discard (in no hand yet).
    for card in cards:
        if card in known:
            known.discard(card)
        elif public is None or (card is not public and card != public):
            counts[epoch_of.get(card, 0)] -= 1
