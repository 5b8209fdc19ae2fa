"""What one Num Stop seat may know: `observe`, and the hidden cards it must not see.

Public: the stock sizes, every pile, collection, reserve and scorecard, the discarded
cards (they were all seen), the cards awaiting a decision (a drawn Shadow or action card,
the QUANTUM cards), the pending DOUBLE and SKIP effects, who saw a stock's top card
with FLIP, and the objective a validating seat decides and the cards it has picked.
Private to that seat: the top cards it saw, while they stay in the stocks. Hidden from
everyone else: the order and content of the stocks. The events of the game
(`log`) tell the same: a FLIP's cards are told to its actor only.
"""

from __future__ import annotations

import attrs

from numrules.core.cards import NumCard
from numrules.core.events import SeatLog
from numrules.core.render import render_text
from numrules.core.seats import check_observer
from numrules.numstop import scoring
from numrules.numstop.config import Config
from numrules.numstop.objectives import Objective
from numrules.numstop.state import Cards, Phase, State


@attrs.frozen(slots=True)
class Observation:
    """Everything `seat` may know (`seat` None: a spectator, public information only)."""

    seat: int | None
    config: Config
    round: int
    phase: Phase
    player: int
    """The seat to move, or validating."""
    stock_sizes: tuple[int, int]
    """Cards left in stock A and stock B."""
    tops: tuple[NumCard | None, NumCard | None]
    """The top card of each stock, if this seat saw it with FLIP and it is still there."""
    peeks: tuple[int | None, int | None]
    """For each stock, the seat that saw its top card with FLIP (public; not the card)."""
    piles: tuple[Cards, ...]
    collections: tuple[Cards, ...]
    """Unused collection cards (all of them until validation)."""
    reserves: tuple[Cards, ...]
    scored: tuple[Cards, ...]
    """Collection cards used in this round's validations."""
    discard: Cards
    pending: Cards
    """Cards awaiting the decision of the seat to move (Shadow, action card, QUANTUM)."""
    drawn: int
    double: bool
    doubled: frozenset[int]
    skipped: frozenset[int]
    scorecards: tuple[tuple[int | None, ...], ...]
    objective: Objective | None
    """The objective the validating seat decides (VALIDATION; None once all are decided)
    or is picking a combination for (SELECTION)."""
    selection: Cards
    """The cards it has picked so far, in canonical order (still in its collection)."""
    to_act: tuple[int, ...]
    log: SeatLog
    """Every event of the game so far, as this seat was told it (see `events`)."""

    def __str__(self) -> str:
        """The observation as plain text, laid out like the table (the game's `render`)."""
        return render_text(self)

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's total of validated points."""
        return scoring.points(self)

    @property
    def objectives_done(self) -> tuple[int, ...]:
        """How many objectives each seat has validated."""
        return scoring.objectives_done(self)

    @property
    def scores(self) -> tuple[int, ...]:
        """What decides the winner: points (CLASSIC) or validated objectives (DISCOVERY)."""
        return scoring.scores(self)

    def unseen(self) -> frozenset[NumCard]:
        """The cards this seat cannot locate: those in the stocks, minus the tops it saw."""
        seen: set[NumCard] = {c for c in (*self.discard, *self.pending, *self.tops) if c}
        for zones in (self.piles, self.collections, self.reserves, self.scored):
            for zone in zones:
                seen.update(zone)
        return frozenset(c for c in self.config.all_cards() if c not in seen)


def observe(state: State, seat: int | None) -> Observation:
    """What `seat` may know of `state` (None: a spectator).

    Raises:
        SeatError: `seat` is not a seat of this game.

    """
    check_observer(seat, state.config.players)
    stocks, peeks = state.stocks, state.peeks
    tops = (
        stocks[0][0] if seat is not None and peeks[0] == seat else None,
        stocks[1][0] if seat is not None and peeks[1] == seat else None,
    )
    return Observation(
        seat=seat,
        config=state.config,
        round=state.round,
        phase=state.phase,
        player=state.player,
        stock_sizes=(len(stocks[0]), len(stocks[1])),
        tops=tops,
        peeks=peeks,
        piles=state.piles,
        collections=state.collections,
        reserves=state.reserves,
        scored=state.scored,
        discard=state.discard,
        pending=state.pending,
        drawn=state.drawn,
        double=state.double,
        doubled=state.doubled,
        skipped=state.skipped,
        scorecards=state.scorecards,
        objective=state.objective,
        selection=state.selection,
        to_act=() if state.phase is Phase.OVER else (state.player,),
        log=state.log.view(seat),
    )


def hidden_cards(state: State, seat: int | None) -> frozenset[NumCard]:
    """The cards whose place `seat` cannot know: the stocks, minus the tops it saw."""
    check_observer(seat, state.config.players)
    hidden = set(state.stocks[0]) | set(state.stocks[1])
    for stock, seer in zip(state.stocks, state.peeks, strict=True):
        if seer is not None and seer == seat:
            hidden.discard(stock[0])
    return frozenset(hidden)
