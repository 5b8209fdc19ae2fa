"""Stack Attack observations as text: the rows, the seats' totals, the reveal, the hand.

`layout(observation)` lays out what a seat sees at the table (see `numrules.core.render`
for the model; `str(observation)` is its plain text). Cards take their penalty colour.
"""

from __future__ import annotations

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
    number_card,
    numbered,
    result_sentence,
    seat_column,
    seat_name,
    seat_names,
)
from numrules.stackattack.cards import Card
from numrules.stackattack.observation import Observation
from numrules.stackattack.scoring import penalty_points
from numrules.stackattack.state import Phase

TITLE = "Stack Attack"
"""The game's name, first on the header line."""


def card(observation: Observation, number: Card, *, power: bool = False) -> Item:
    """One card in its penalty colour; with `power`, its power after it (`18(SHIELD)`)."""
    config = observation.config
    kind = config.power(number) if power else None
    mark = f"({kind.name})" if kind is not None else ""
    return number_card(number, config.penalty(number), mark)


def layout(observation: Observation) -> Layout:
    """The table as `observation.seat` sees it: status, rows, seats, reveal and hand."""
    sheet = Sheet()
    obs = observation
    header(sheet, TITLE, f"round {obs.round}", f"turn {obs.turn}", obs.phase.value, seat=obs.seat)
    _status(sheet, obs)
    sheet.blank()
    _rows(sheet, obs)
    sheet.blank()
    _seats(sheet, obs)
    if obs.queue:
        sheet.blank()
        _resolution(sheet, obs)
    if obs.seat is not None and obs.phase is not Phase.OVER:
        sheet.blank()
        hand = [card(obs, c, power=True) for c in obs.hand]
        sheet.wrap("Your hand: ", hand, empty="(empty)")
    return sheet.layout()


def _status(sheet: Sheet, obs: Observation) -> None:
    # Who is expected to act, and for what.
    me = obs.seat
    if obs.phase is Phase.OVER:
        sheet.prose(result_sentence(obs.scores, me, lowest=True))
        return
    if obs.phase is Phase.CHOOSE:
        chosen = [s for s, done in enumerate(obs.chosen) if done]
        sheet.prose(
            f"To act: {seat_names(obs.to_act, me)} (choose a card); "
            f"chosen: {seat_names(chosen, me)}.",
            indent=2,
        )
        if obs.choice is not None:
            sheet.line("Your choice: ", card(obs, obs.choice, power=True))
        return
    head = obs.queue[0]
    who = seat_name(obs.revealed.index(head), me)
    task = {
        Phase.SWITCH: f"pick a seat to swap the SWITCH {head} with",
        Phase.BLOCK: f"pick a row to close with the BLOCK {head}",
        Phase.TAKE: f"pick a row to take: {head} is below every open row",
        Phase.SHIELD: f"pick a row for the SHIELD {head}: it is below every open row",
    }[obs.phase]
    sheet.prose(f"To act: {who} must {task}.", indent=2)


def _rows(sheet: Sheet, obs: Observation) -> None:
    config = obs.config
    notes = [
        ", ".join(
            (["full"] if len(row) >= config.row_limit else [])
            + (["blocked"] if index in obs.blocked else [])
        )
        for index, row in enumerate(obs.rows)
    ]
    noted = any(notes)
    rows: list[list[Cell]] = [
        [
            str(index),
            f"{len(row)}/{config.row_limit}",
            str(penalty_points(config, row)),
            *([notes[index]] if noted else []),
            Items(tuple(card(obs, c) for c in row)),
        ]
        for index, row in enumerate(obs.rows)
    ]
    columns = [Column("row", right=True), Column("size", right=True)]
    columns += [Column("points", right=True), *([Column("")] if noted else []), Column("")]
    sheet.table(columns, rows)


def _seats(sheet: Sheet, obs: Observation) -> None:
    config = obs.config
    played = "revealed" if obs.queue else "chosen" if obs.phase is Phase.CHOOSE else ""
    rows: list[list[Cell]] = []
    for seat in range(config.players):
        taken = obs.taken[seat]
        points = penalty_points(config, taken)
        rows.append(
            [
                marker(seat, obs.to_act),
                seat_name(seat, obs.seat),
                str(obs.hand_sizes[seat]),
                *([_played(obs, seat)] if played else []),
                str(len(taken)),
                str(points),
                str(obs.banked[seat]),
                str(obs.banked[seat] + points),
            ]
        )
    columns = [*seat_column(), Column("hand", right=True), *([Column(played)] if played else [])]
    columns += [Column(name, right=True) for name in ("taken", "points", "banked", "total")]
    sheet.table(columns, rows)


def _played(obs: Observation, seat: int) -> Item:
    # The seat's card of this turn: chosen or not (its own choice shown), or revealed.
    if obs.phase is Phase.CHOOSE:
        if seat == obs.seat and obs.choice is not None:
            return card(obs, obs.choice)
        return item("yes" if obs.chosen[seat] else "-")
    shown = obs.revealed[seat]
    return item("placed") if shown is None else card(obs, shown, power=True)


def _resolution(sheet: Sheet, obs: Observation) -> None:
    # The cards still to resolve, head first, each with its holder.
    if obs.placing:
        order = "highest first" if obs.decreasing else "lowest first"
        stage = f"Placing, {order}: "
    else:
        stage = "Powers to resolve: "
    queue = [
        item(card(obs, c, power=not obs.placing), f" held by seat {obs.revealed.index(c)}")
        for c in obs.queue
    ]
    sheet.wrap(stage, queue, sep="; ")
    if obs.decreasing:
        sheet.line("DECREASING: this turn places the highest card first.")
    if obs.blocked:
        sheet.line(f"Blocked this turn: {numbered('row', obs.blocked)}.")
