"""Num Stop observations as text: the turn, the stocks, each seat's cards, the scorecards.

`layout(observation)` lays out what a seat sees at the table (see `numrules.core.render`
for the model; `str(observation)` is its plain text). Cards take their family's colour.
"""

from __future__ import annotations

from numrules.core.events import count_text
from numrules.core.render import (
    Cell,
    Column,
    Items,
    Layout,
    Sheet,
    header,
    marker,
    num_cards,
    result_sentence,
    seat_column,
    seat_name,
    seat_names,
)
from numrules.numstop.config import Mode
from numrules.numstop.objectives import OBJECTIVES
from numrules.numstop.observation import Observation
from numrules.numstop.state import TURN_PHASES, Phase

TITLE = "Num Stop"
"""The game's name, first on the header line."""
DISCARD_SHOWN = 8
"""How many of the last discarded cards are shown."""

TASKS: dict[Phase, str] = {
    Phase.START: "starts a turn: lock the pile, draw, or activate a reserved card",
    Phase.DRAW: "is drawing: draw again, stop, or activate a reserved card",
    Phase.REDRAW: "drew a Rainbow and must draw again",
    Phase.FLIPPED: "used a Flip: draw or stop",
    Phase.SHADOW: "drew a Shadow: keep it and lose the pile, discard it, or play the Joker",
    Phase.ACTION: "drew an action card: activate it or reserve it",
    Phase.QUANTUM: "keeps one family card of the Quantum, or none",
    Phase.SKIPPED: "is skipped: may activate Double, Skip or Swipe, then ends the turn",
    Phase.VALIDATION: "has decided every objective: ends its validation",
}
"""What the seat to act is doing, by phase (an objective under decision, SELECTION and
OVER are written apart)."""


def layout(observation: Observation) -> Layout:
    """The table as `observation.seat` sees it: the turn, stocks, seats and scorecards."""
    sheet = Sheet()
    obs = observation
    header(
        sheet, TITLE, obs.config.mode.value, f"round {obs.round}", obs.phase.value, seat=obs.seat
    )
    _status(sheet, obs)
    sheet.blank()
    _stocks(sheet, obs)
    sheet.blank()
    _seats(sheet, obs)
    sheet.blank()
    _scorecards(sheet, obs)
    return sheet.layout()


def _status(sheet: Sheet, obs: Observation) -> None:
    # Who acts and what for; the turn's counters; the cards awaiting a decision.
    me = obs.seat
    if obs.phase is Phase.OVER:
        unit = "objective" if obs.config.mode is Mode.DISCOVERY else "point"
        sheet.prose(result_sentence(obs.scores, me, unit=unit))
        return
    who = seat_name(obs.player, me)
    if obs.phase is Phase.SELECTION and obs.objective is not None:
        left = obs.objective.size - len(obs.selection)
        sheet.prose(
            f"To act: {who} picks the cards for its {obs.objective.value} ({left} more to pick).",
            indent=2,
        )
        sheet.wrap("Picked so far: ", num_cards(obs.selection))
    elif obs.phase is Phase.VALIDATION and obs.objective is not None:
        sheet.prose(
            f"To act: {who} decides its {obs.objective.value}: picks the first card of a "
            "combination, or passes.",
            indent=2,
        )
    else:
        sheet.prose(f"To act: {who} {TASKS[obs.phase]}.", indent=2)
    if obs.phase in TURN_PHASES and (obs.drawn or obs.double):
        turn = f"This turn: {count_text(obs.drawn, 'draw')}"
        if obs.double:
            owed = max(0, obs.config.double_draws - obs.drawn)
            turn += f"; hit by a Double: no lock, {count_text(owed, 'compulsory draw')} left"
        sheet.prose(turn + ".", indent=2)
    if obs.pending:
        sheet.wrap("Awaiting a decision: ", num_cards(obs.pending))


def _stocks(sheet: Sheet, obs: Observation) -> None:
    # The stocks' sizes and FLIP knowledge, the discard, the waiting effects.
    for index, name in enumerate("AB"):
        line = f"Stock {name}: {count_text(obs.stock_sizes[index], 'card')}"
        top, seer = obs.tops[index], obs.peeks[index]
        if top is not None:
            sheet.line(line, ", you saw its top: ", *num_cards((top,)))
            continue
        if seer is not None:
            line += f", {seat_name(seer, obs.seat)} saw its top"
        sheet.line(line)
    discard = obs.discard
    lead = f"Discard: {count_text(len(discard), 'card')}" + (", the last: " if discard else "")
    sheet.wrap(lead, num_cards(discard[-DISCARD_SHOWN:]), empty="", indent=2)
    effects = [
        f"{name} on {seat_names(sorted(seats), obs.seat)}"
        for name, seats in (("Double", obs.doubled), ("Skip", obs.skipped))
        if seats
    ]
    if effects:
        sheet.prose(f"Waiting: {'; '.join(effects)}.", indent=2)


def _seats(sheet: Sheet, obs: Observation) -> None:
    # One block per seat: its pile, collection, reserve and the cards used this round.
    rows: list[list[Cell]] = []
    validating = obs.phase in (Phase.VALIDATION, Phase.SELECTION, Phase.OVER)
    for seat in range(obs.config.players):
        zones = [("pile", obs.piles[seat]), ("collection", obs.collections[seat])]
        if obs.config.mode is Mode.CLASSIC:
            zones.append(("reserve", obs.reserves[seat]))
        if validating:
            zones.append(("used", obs.scored[seat]))
        for line, (name, cards) in enumerate(zones):
            first = line == 0
            rows.append(
                [
                    marker(seat, obs.to_act) if first else "",
                    seat_name(seat, obs.seat) if first else "",
                    name,
                    Items(num_cards(cards)),
                ]
            )
    sheet.table([*seat_column(), Column("zone"), Column("cards")], rows)


def _scorecards(sheet: Sheet, obs: Observation) -> None:
    # The ten objectives down, the seats across: validated points, or `.` while open.
    players = range(obs.config.players)
    rows: list[list[Cell]] = [
        [objective.value, *(_points(obs.scorecards[s][objective.index]) for s in players)]
        for objective in OBJECTIVES
    ]
    rows.append(["points", *(str(p) for p in obs.points)])
    rows.append(["objectives", *(str(n) for n in obs.objectives_done)])
    columns = [Column("scorecard (. open)"), *(Column(f"seat {s}", right=True) for s in players)]
    sheet.table(columns, rows)


def _points(points: int | None) -> str:
    return "." if points is None else str(points)
