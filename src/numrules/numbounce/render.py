"""Num Bounce observations as text: the trick and its reference, the piles, hands, wins.

`layout(observation)` lays out what a seat sees at the table (see `numrules.core.render`
for the model; `str(observation)` is its plain text). Cards take their family's colour.
Whether a seat may interrupt is shown for the observing seat only: the observation
never tells it of the others (that would show who holds a RAINBOW or a SHADOW).
"""

from __future__ import annotations

from numrules.core.cards import NumCard
from numrules.core.events import count_text
from numrules.core.render import (
    Cell,
    Column,
    Items,
    Layout,
    Sheet,
    header,
    item,
    marker,
    num_cards,
    result_sentence,
    seat_column,
    seat_name,
)
from numrules.numbounce.cards import Pile, rainbow, shadow
from numrules.numbounce.combinations import MIXED, value_of
from numrules.numbounce.observation import Observation
from numrules.numbounce.state import Phase

TITLE = "Num Bounce"
"""The game's name, first on the header line."""


def layout(observation: Observation) -> Layout:
    """The table as `observation.seat` sees it: the trick, the piles, the seats, the hand."""
    sheet = Sheet()
    obs = observation
    config = obs.config
    rounds, target = config.rounds, config.target_wins
    match = count_text(rounds, "round") if rounds else f"first to {count_text(target or 0, 'win')}"
    turn = f"turn {obs.turn}"
    if config.max_turns_per_round is not None:
        turn += f" of {config.max_turns_per_round}"
    header(sheet, TITLE, f"round {obs.round}", match, turn, obs.phase.value, seat=obs.seat)
    _status(sheet, obs)
    sheet.blank()
    _table(sheet, obs)
    sheet.blank()
    _seats(sheet, obs)
    if obs.seat is not None:
        sheet.blank()
        sheet.wrap("Your hand: ", num_cards(obs.hand), empty="(empty)")
    return sheet.layout()


def interrupt_cards(observation: Observation) -> tuple[NumCard, ...]:
    """The cards of the observing seat's hand it may interrupt with now (none: empty).

    A RAINBOW of the reference value, or a SHADOW of it on a reference of two or more
    cards, while no interrupt happened in the trick and the seat is not its author.
    """
    obs = observation
    if obs.seat is None or obs.phase not in (Phase.PLAY, Phase.TAKEN) or obs.interrupted:
        return ()
    value = value_of(obs.reference) if obs.ref_size else None
    if value is None or value == MIXED or obs.author == obs.seat:
        return ()
    cards = (rainbow(value), shadow(value)) if obs.ref_size > 1 else (rainbow(value),)
    return tuple(card for card in cards if card in obs.hand)


def _status(sheet: Sheet, obs: Observation) -> None:
    # Who acts and for what; the observing seat's own interrupt.
    me = obs.seat
    if obs.phase is Phase.OVER:
        sheet.prose(result_sentence(obs.wins, me, unit="round win"))
        return
    who = seat_name(obs.mover, me)
    if obs.phase is Phase.SHADOW:
        task = f"may lay one card on its Shadow {obs.reference[0]}, or decline"
    elif obs.phase is Phase.TAKEN:
        card = "a card" if obs.taken is None else str(obs.taken)
        source = "the draw pile" if obs.source is Pile.DRAW else "the discard"
        options = "keep it or discard it" if obs.source is Pile.DRAW else "or keep it"
        task = f"took {card} from {source}: play a combination with it, {options}"
    elif obs.ref_size:
        task = "goes up or down, plays Num-X, takes a card or passes"
    else:
        task = "opens a trick (or plays Num-X)"
    sheet.prose(f"To act: {who} {task}.", indent=2)
    if me is not None:
        cards = interrupt_cards(obs)
        if cards:
            sheet.wrap("You may interrupt now with ", num_cards(cards), sep=" or ")
        else:
            sheet.line("You may not interrupt now.")


def _table(sheet: Sheet, obs: Observation) -> None:
    # The trick, its reference, the piles.
    sheet.wrap("Trick: ", num_cards(obs.trick), empty="(none)")
    if obs.ref_size:
        value = value_of(obs.reference)
        what = "all Infinity" if value is None else f"value {value}"
        count = count_text(obs.ref_size, "card")
        author = "" if obs.author is None else f" by {seat_name(obs.author, obs.seat)}"
        note = "; interrupted" if obs.interrupted else ""
        about = item(f"({count}, {what}){author}{note}")
        sheet.wrap("Reference: ", (*num_cards(obs.reference), about))
    top = num_cards(obs.discard[-1:]) if obs.discard else ()
    recycled = f"; recycled {obs.recycles}x" if obs.recycles else ""
    sheet.line(f"Draw pile: {count_text(obs.draw_size, 'card')}{recycled}")
    discard = f"Discard: {count_text(len(obs.discard), 'card')}" + (", top " if top else "")
    sheet.wrap(discard, top, empty="")


def _seats(sheet: Sheet, obs: Observation) -> None:
    # Each seat's hand size, round wins and the cards everyone knows are in its hand.
    rows: list[list[Cell]] = []
    for seat in range(obs.config.players):
        size = str(obs.hand_sizes[seat])
        if obs.phase is Phase.TAKEN and seat == obs.mover:
            size += "+1"
        rows.append(
            [
                marker(seat, obs.to_act),
                seat_name(seat, obs.seat),
                size,
                str(obs.wins[seat]),
                Items(num_cards(obs.known[seat])),
            ]
        )
    columns = [*seat_column(), Column("hand", right=True), Column("wins", right=True)]
    sheet.table([*columns, Column("known cards")], rows)
