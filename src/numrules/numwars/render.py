"""Num Wars observations as text: the trick, the Bomb, the seats, the hand by suit, rounds.

`layout(observation)` lays out what a seat sees at the table (see `numrules.core.render`
for the model; `str(observation)` is its plain text). Cards take their family's colour
and real trumps in the trick are marked `*`.
"""

from __future__ import annotations

from numrules.core.cards import NumCard
from numrules.core.events import count_text
from numrules.core.render import (
    Cell,
    Column,
    Item,
    Items,
    Layout,
    Sheet,
    header,
    item,
    marker,
    num_card,
    num_cards,
    result_sentence,
    seat_column,
    seat_name,
)
from numrules.numwars.cards import BOMB, Role, Suit, is_trump, suit_of
from numrules.numwars.event_types import ROLE_NAMES
from numrules.numwars.observation import Observation
from numrules.numwars.state import BombOutcome, Fate, Phase
from numrules.numwars.tricks import winner

TITLE = "Num Wars"
"""The game's name, first on the header line."""
TRUMP_MARK = "*"
"""What follows a real trump in the trick."""

SUIT_NAMES: dict[Suit, str] = {
    Suit.RED: "red",
    Suit.BLUE: "blue",
    Suit.GREEN: "green",
    Suit.YELLOW: "yellow",
    Suit.TRUMP: "trumps",
}
"""The suits as the rendering names them."""

OUTCOMES: dict[BombOutcome, str] = {
    BombOutcome.KEPT: "kept",
    BombOutcome.PROTECTED: "protected",
    BombOutcome.BY_DEMINER: "captured by the Deminer",
    BombOutcome.BY_CIVILIAN: "captured by a Civilian",
    BombOutcome.BY_NUM_X: "captured by the Num-X player",
    BombOutcome.BY_ACCOMPLICE: "captured by the Accomplice",
}
"""How a finished round's Bomb ended, as the rendering says it."""

ROLE_CODES: dict[Role, str] = {
    Role.BOMBER: "B",
    Role.DEMINER: "D",
    Role.NUM_X: "X",
    Role.ACCOMPLICE: "A",
    Role.CIVILIAN: "C",
}
"""The one-letter code of each role in the table of finished rounds."""


def layout(observation: Observation) -> Layout:
    """The table as `observation.seat` sees it: the trick, the Bomb, seats, hand, rounds."""
    sheet = Sheet()
    obs = observation
    config = obs.config
    fields = [
        f"{config.format.value} deck",
        f"round {obs.round}",
        count_text(config.rounds, "round"),
    ]
    fields += [f"trick {sum(obs.tricks)}", obs.phase.value]
    header(sheet, TITLE, *fields, seat=obs.seat)
    _status(sheet, obs)
    if obs.phase is not Phase.OVER:
        sheet.blank()
        _trick(sheet, obs)
    sheet.blank()
    _seats(sheet, obs)
    if obs.seat is not None and obs.phase is not Phase.OVER:
        sheet.blank()
        _hand(sheet, obs)
    if obs.history:
        sheet.blank()
        _history(sheet, obs)
    return sheet.layout()


def _status(sheet: Sheet, obs: Observation) -> None:
    me = obs.seat
    if obs.phase is Phase.OVER:
        sheet.prose(result_sentence(obs.scores, me))
        return
    sheet.prose(f"To act: {seat_name(obs.to_act[0], me)} plays a card.", indent=2)
    if obs.role is not None:
        sheet.line(f"Your role: {ROLE_NAMES[obs.role]}.")


def trick_card(card: NumCard | None) -> Item:
    """A card of the trick: stolen (None), a real trump marked `*`, or any other card."""
    if card is None:
        return item("stolen")
    return num_card(card, TRUMP_MARK if is_trump(card) else "")


def _trick(sheet: Sheet, obs: Observation) -> None:
    # Who played what, the suit to follow, who wins so far, and the Bomb.
    players, me = obs.config.players, obs.seat
    suit = "not set" if obs.suit is None else SUIT_NAMES[obs.suit]
    sheet.line(f"Trick: {seat_name(obs.leader, me)} leads; suit to follow: {suit}")
    plays = [
        item(seat_name((obs.leader + k) % players, me), " ", trick_card(card))
        for k, card in enumerate(obs.trick)
    ]
    sheet.wrap("  ", plays, sep="   ", empty="no card yet")
    best = ""
    if obs.trick:
        best = f"winning so far: {seat_name(winner(obs.trick, obs.leader, players), me)}; "
    sheet.line(f"  {best}Bomb: {_bomb(obs)}.")


def _bomb(obs: Observation) -> str:
    me = obs.seat
    if obs.bomb is Fate.KEPT:
        return "kept"
    if obs.bomb is Fate.PROTECTED and obs.protector is not None:
        return f"protected by {seat_name(obs.protector, me)}'s Joker"
    if obs.bomb is Fate.CAPTURED and obs.capturer is not None:
        return f"captured by {seat_name(obs.capturer, me)}"
    return "in this trick" if BOMB in obs.trick else "not played yet"


def _seats(sheet: Sheet, obs: Observation) -> None:
    # Each seat's hand size, tricks, won cards, running score and stolen pairs.
    rows: list[list[Cell]] = [
        [
            marker(seat, obs.to_act),
            seat_name(seat, obs.seat),
            str(obs.hand_sizes[seat]),
            str(obs.tricks[seat]),
            str(len(obs.won[seat])),
            str(obs.scores[seat]),
            Items(num_cards(obs.pairs[seat])),
        ]
        for seat in range(obs.config.players)
    ]
    columns = [*seat_column()]
    columns += [Column(name, right=True) for name in ("hand", "tricks", "won", "score")]
    sheet.table([*columns, Column("stolen pairs")], rows)


def _hand(sheet: Sheet, obs: Observation) -> None:
    # The observing seat's hand, one line per suit it holds, the specials last.
    groups: dict[str, list[NumCard]] = {}
    for card in obs.hand:
        suit = suit_of(card)
        groups.setdefault("specials" if suit is None else SUIT_NAMES[suit], []).append(card)
    order = [*SUIT_NAMES.values(), "specials"]
    rows: list[list[Cell]] = [
        [name, Items(num_cards(groups[name]))] for name in order if name in groups
    ]
    sheet.line(f"Your hand ({count_text(len(obs.hand), 'card')}), by suit:")
    sheet.table([Column(), Column()], rows, indent=2)


def _history(sheet: Sheet, obs: Observation) -> None:
    # The finished rounds: each seat's score and role, as many recent rounds as fit.
    history = obs.history
    first = 0
    while (
        first < len(history) - 1
        and _history_table(Sheet(), obs, first).layout().width > sheet.width
    ):
        first += 1
    sheet.line("Finished rounds: score and role" + (f" (rounds {first} on)" if first else ""))
    _history_table(sheet, obs, first)
    outcomes = [
        item(f"round {first + k} {OUTCOMES[r.outcome]}") for k, r in enumerate(history[first:])
    ]
    sheet.wrap("Bomb: ", outcomes, sep="; ", indent=2)
    codes = ", ".join(f"{code} {ROLE_NAMES[role]}" for role, code in ROLE_CODES.items())
    sheet.line(f"Roles: {codes}")


def _history_table(sheet: Sheet, obs: Observation, first: int) -> Sheet:
    # The table of the finished rounds from `first` on: seats down, rounds across.
    recent = obs.history[first:]
    rows: list[list[Cell]] = [
        [
            seat_name(seat, obs.seat),
            *(f"{r.totals[seat]} {ROLE_CODES[r.roles[seat]]}" for r in recent),
        ]
        for seat in range(obs.config.players)
    ]
    columns = [Column("round"), *(Column(str(first + k), right=True) for k in range(len(recent)))]
    sheet.table(columns, rows, indent=2)
    return sheet
