"""Rendering observations as text: the layout model every game shares, plain and in colour.

A game's renderer turns one of its observations into a `Layout`: lines made of `Span`s,
each a piece of text with a rich style (a string such as `"bold red"`; empty: plain)
and a flag telling whether it names a card. The layout is built with a `Sheet`, which
wraps long lists and tables to `WIDTH` columns, so the same layout gives both forms:

- `render_text(observation)`: the plain text (standard library only; `str(observation)`),
- `render_rich(observation)`: a `rich.text.Text` with the same lines in colour (rich
  comes with the `cli` extra and is imported only here).

A game registers its renderer for its observation class with `register_renderer` (the
built-in games do it in their package's `__init__`, so the observation module needs no
import of the renderer). To render a state for one seat, render what that seat may see:
`render_text(observe(state, seat))`.

Sentences name kinds of card in title case ("play the Joker", "a Shadow"): a card's
notation (`JOKER`, `SH4`) appears only where that card itself is shown.

Colours: each Num family has its colour (`FAMILY_STYLES`), the special cards one more
(`SPECIAL_STYLE`); Stack Attack cards take the colour of their penalty class
(`penalty_style`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from numrules.core.cards import Family, FamilyCard, NumCard
from numrules.core.events import count_text
from numrules.core.seats import best_seats

if TYPE_CHECKING:
    from rich.text import Text

WIDTH = 80
"""Columns a plain rendering fits in."""

FAMILY_STYLES: Mapping[Family, str] = {
    Family.RED: "bold red",
    Family.BLUE: "bold blue",
    Family.GREEN: "bold green",
    Family.YELLOW: "bold yellow",
    Family.RAINBOW: "bold magenta",
    Family.SHADOW: "bold bright_black",
}
"""The rich style of each Num family (RAINBOW magenta, SHADOW grey)."""

SPECIAL_STYLE = "bold cyan"
"""The rich style of the special (non-family) cards: JOKER, DOUBLE, INF1, BOMB, ..."""

PENALTY_STYLES: Mapping[int, str] = {
    8: "bold red",
    5: "bold purple",
    3: "bold blue",
    2: "bold green",
    1: "bold pink1",
}
"""The rich style of each Stack Attack penalty class (8 red, 5 purple, 3 blue, 2 green, 1 pink)."""

HEADING_STYLE = "bold"
"""The rich style of titles and table headers."""


class Span(NamedTuple):
    """A piece of one line: its text, its rich style (empty: plain), whether it names a card."""

    text: str
    style: str = ""
    card: bool = False


Item = tuple[Span, ...]
"""A unit of a list that is never broken across lines (a card and its mark, a word)."""
Part = str | Span | Item
"""What a line is written with: plain text, a span, or an item."""


def item(*parts: Part) -> Item:
    """The parts as one item (plain text becomes an unstyled span)."""
    if len(parts) == 1 and type(parts[0]) is str:
        return (Span(parts[0]),)  # the common case, made cheap
    spans: list[Span] = []
    for part in parts:
        if isinstance(part, str):
            spans.append(Span(part))
        elif isinstance(part, Span):
            spans.append(part)
        else:
            spans.extend(part)
    return tuple(spans)


def width_of(spans: Iterable[Span]) -> int:
    """The columns the spans take (every rendering is ASCII: one column per character)."""
    return sum([len(span.text) for span in spans])


@attrs.frozen(slots=True)
class Items:
    """A table cell that is a list: its items wrap within the column (the last one only)."""

    items: tuple[Item, ...]
    empty: str = "-"
    """What an empty list shows."""


Cell = Part | Items
"""A table cell: text, a span, an item, or a list (`Items`, in the last column)."""


@attrs.frozen(slots=True)
class Column:
    """A table column: its header and its alignment."""

    header: str = ""
    right: bool = False
    """Align the cells to the right (numbers)."""


@attrs.frozen(slots=True)
class Layout:
    """A rendered observation: lines of spans, each at most `WIDTH` columns wide."""

    lines: tuple[Item, ...]

    def text(self) -> str:
        """The plain text: the lines joined by newlines."""
        return "\n".join("".join(span.text for span in line) for line in self.lines)

    def rich(self) -> Text:
        """The same lines as a `rich.text.Text`, in colour (needs rich: the `cli` extra)."""
        from rich.text import Text  # noqa: PLC0415  (rich is optional: imported when used)

        text = Text()
        for index, line in enumerate(self.lines):
            if index:
                text.append("\n")
            for span in line:
                text.append(span.text, span.style or None)
        return text

    def __str__(self) -> str:
        return self.text()

    def cards(self) -> tuple[str, ...]:
        """The text of every span that names a card, in reading order."""
        return tuple(span.text for line in self.lines for span in line if span.card)

    @property
    def width(self) -> int:
        """The width of the widest line."""
        return max((width_of(line) for line in self.lines), default=0)


def _trimmed(line: Sequence[Span]) -> Item:
    # The line without trailing spaces (a table pads its cells) and without empty spans.
    spans = [span for span in line if span.text]
    while spans and not spans[-1].text.strip():
        spans.pop()
    if spans and spans[-1].text != spans[-1].text.rstrip():
        last = spans[-1]
        spans[-1] = Span(last.text.rstrip(), last.style, last.card)
    return tuple(spans)


class Sheet:
    """Builds a `Layout` line by line, wrapping lists, prose and tables to the width."""

    def __init__(self, width: int = WIDTH) -> None:
        self.width = width
        self._lines: list[Item] = []

    def line(self, *parts: Part) -> None:
        """One line, as given (keep it short: only lists, prose and tables wrap)."""
        self._lines.append(_trimmed(item(*parts)))

    def blank(self) -> None:
        """An empty line (never two in a row, never at the top)."""
        if self._lines and self._lines[-1]:
            self._lines.append(())

    def wrap(
        self,
        lead: Part,
        items: Sequence[Item],
        *,
        indent: int | None = None,
        sep: str = " ",
        empty: str = "-",
    ) -> None:
        """`lead` then the items, separated by `sep`, wrapped with a hanging indent.

        The continuation lines start at `indent` (default: the width of `lead`); an empty
        list shows `empty`.
        """
        head = item(lead)
        margin = width_of(head) if indent is None else indent
        for line in wrapped(head, items or (item(empty),), self.width, margin, sep):
            self.line(line)

    def prose(self, text: str, *, indent: int = 0, style: str = "") -> None:
        """A sentence wrapped at spaces, its continuation lines indented by `indent`."""
        words = [item(Span(word, style)) for word in text.split()]
        self.wrap((), words, indent=indent, empty="")

    def table(
        self, columns: Sequence[Column], rows: Sequence[Sequence[Cell]], *, indent: int = 0
    ) -> None:
        """A table with a header line (if any header is set), two spaces between columns.

        Every column is as wide as its widest cell; a list (`Items`) in the last column
        wraps within what is left of the width (in another column it stays on one line).
        """
        last = len(columns) - 1
        fixed = [[_one_item(cell) for cell in row[:last]] for row in rows]
        widths = [
            max([len(col.header)] + [width_of(r[c]) for r in fixed])
            for c, col in enumerate(columns[:last])
        ]
        tails = [row[last] for row in rows]
        widths.append(
            max(
                [len(columns[last].header)]
                + [width_of(_one_item(t)) for t in tails if not isinstance(t, Items)]
            )
        )
        margin = indent + sum(widths[:last]) + 2 * last
        if any(col.header for col in columns):
            heads = [
                _padded(item(c.header), w, c.right) for c, w in zip(columns, widths, strict=True)
            ]
            text = "".join(span.text for span in _joined(heads, "  "))
            self.line(" " * indent, Span(text, HEADING_STYLE))
        for cells, tail in zip(fixed, tails, strict=True):
            padded = [_padded(cell, widths[c], columns[c].right) for c, cell in enumerate(cells)]
            lead = item(" " * indent, *(_joined([*padded, ()], "  ") if padded else ()))
            if isinstance(tail, Items):
                listed = tail.items or (item(tail.empty),)
                for line in wrapped(lead, listed, self.width, margin, " "):
                    self.line(line)
            else:
                self.line(lead, _padded(_one_item(tail), widths[last], columns[last].right))

    def layout(self) -> Layout:
        """The lines written so far, as a `Layout` (a trailing blank line dropped)."""
        lines = list(self._lines)
        while lines and not lines[-1]:
            lines.pop()
        return Layout(tuple(lines))


def _one_item(cell: Cell) -> Item:
    # A cell as one item (a list's items joined by spaces).
    if isinstance(cell, Items):
        return _joined(cell.items, " ") if cell.items else item(cell.empty)
    return item(cell)


def _padded(cell: Item, width: int, right: bool) -> Item:
    pad = Span(" " * max(0, width - width_of(cell)))
    return (pad, *cell) if right else (*cell, pad)


def _joined(items: Sequence[Item], sep: str) -> Item:
    spans: list[Span] = []
    for index, one in enumerate(items):
        if index:
            spans.append(Span(sep))
        spans.extend(one)
    return tuple(spans)


def wrapped(head: Item, items: Sequence[Item], width: int, indent: int, sep: str) -> list[Item]:
    """`head` then the items, separated by `sep`, in lines of at most `width` columns.

    `head` is followed directly by the first item. Continuation lines start with `indent`
    spaces; at a line break the separator is cut after its visible part (`a, b,`).
    An item wider than a whole line gets a line of its own (the only way past the width).
    """
    lines: list[list[Span]] = [list(head)]
    used = width_of(head)
    tail = sep.rstrip()  # what of the separator stays at the end of a line ("," of ", ")
    for index, one in enumerate(items):
        size = width_of(one)
        room = 0 if index == len(items) - 1 else len(tail)
        if index and used + len(sep) + size + room <= width:
            lines[-1].append(Span(sep))
            used += len(sep)
        elif index or (used + size + room > width and indent < used):
            lines[-1].append(Span(tail if index else ""))
            lines.append([Span(" " * indent)])
            used = indent
        lines[-1].extend(one)
        used += size
    return [_trimmed(line) for line in lines]


# --- cards -------------------------------------------------------------------------------


def num_card_style(card: NumCard) -> str:
    """The rich style of a Num card: its family's colour, or the special cards' style."""
    if isinstance(card, FamilyCard):
        return FAMILY_STYLES[card.family]
    return SPECIAL_STYLE


def num_card(card: NumCard, mark: str = "") -> Item:
    """A Num card in notation and colour, followed by an unstyled `mark` (e.g. `*`)."""
    return item(Span(str(card), num_card_style(card), card=True), mark)


def num_cards(cards: Iterable[NumCard | None], missing: str = "-") -> tuple[Item, ...]:
    """Num cards as list items (`missing` where a card is None)."""
    return tuple(item(missing) if card is None else num_card(card) for card in cards)


def penalty_style(points: int) -> str:
    """The rich style of a Stack Attack card worth `points` penalty points.

    The classes of the standard table: 8 (and more) red, 5 purple, 3 blue, 2 green, 1
    pink; other values take the class just below them, and 0 is plain.
    """
    for least in sorted(PENALTY_STYLES, reverse=True):
        if points >= least:
            return PENALTY_STYLES[least]
    return ""


def number_card(card: int, points: int, mark: str = "") -> Item:
    """A numbered card (Stack Attack) in its penalty colour, followed by `mark`."""
    return item(Span(str(card), penalty_style(points), card=True), mark)


# --- seats and headers -------------------------------------------------------------------


def seat_name(seat: int, me: int | None) -> str:
    """`seat 2`, or `seat 2 (you)` for the observing seat."""
    return f"seat {seat} (you)" if seat == me else f"seat {seat}"


def numbered(
    noun: str, numbers: Iterable[int], *, me: int | None = None, none: str = "none"
) -> str:
    """`row 1`, `rows 1 and 3`, `seats 0 (you), 2 and 3` (`me` marked); `none` for none."""
    names = [f"{n} (you)" if n == me else str(n) for n in numbers]
    if not names:
        return none
    if len(names) == 1:
        return f"{noun} {names[0]}"
    return f"{noun}s {', '.join(names[:-1])} and {names[-1]}"


def seat_names(seats: Iterable[int], me: int | None, *, none: str = "nobody") -> str:
    """`seat 1`, `seats 1 and 3`, `seats 0 (you), 2 and 3`; `none` for no seat."""
    return numbered("seat", seats, me=me, none=none)


def view_name(seat: int | None) -> str:
    """Whose view a rendering is: `seat 2's view`, or `spectator's view`."""
    return "spectator's view" if seat is None else f"seat {seat}'s view"


def header(sheet: Sheet, title: str, *fields: str, seat: int | None) -> None:
    """The first line: the game's title, then the fields (round, phase...) and the view."""
    parts = [item(field) for field in (*fields, view_name(seat))]
    sheet.wrap(item(Span(title, HEADING_STYLE), " | "), parts, indent=2, sep=" | ")


def result_sentence(
    totals: Sequence[int], me: int | None, *, lowest: bool = False, unit: str = "point"
) -> str:
    """`Game over: seat 1 wins with 23 points.` (equal best totals share the win)."""
    best = sorted(best_seats(totals, lowest=lowest))
    verb = "wins" if len(best) == 1 else "share the win"
    return f"Game over: {seat_names(best, me)} {verb} with {count_text(totals[best[0]], unit)}."


def marker(seat: int, to_act: Sequence[int]) -> str:
    """`>` for a seat expected to act now (the first column of the seat tables), else empty."""
    return ">" if seat in to_act else ""


def seat_column() -> tuple[Column, Column]:
    """The first two columns of a seat table: the `>` of the seats to act, and the seat."""
    return Column(""), Column("seat")


# --- dispatch ----------------------------------------------------------------------------

Renderer = Callable[[Any], Layout]
"""A game's renderer: its observation in, a `Layout` out."""

_RENDERERS: dict[type, Renderer] = {}


def register_renderer(observation_type: type, renderer: Renderer) -> None:
    """Render the observations of `observation_type` with `renderer` (one per class)."""
    _RENDERERS[observation_type] = renderer


def layout_of(observation: object) -> Layout:
    """The layout of an observation of any game, from its game's registered renderer.

    Raises:
        TypeError: no renderer is registered for this kind of observation.

    """
    kind = type(observation)
    renderer = _RENDERERS.get(kind)
    if renderer is None:
        raise TypeError(
            f"no renderer for {kind.__qualname__}: a game registers one with "
            "numrules.core.render.register_renderer"
        )
    return renderer(observation)


def render_text(observation: object) -> str:
    """An observation of any game as plain text, laid out like the table (80 columns)."""
    return layout_of(observation).text()


def render_rich(observation: object) -> Text:
    """An observation of any game as a `rich.text.Text` in colour (needs the `cli` extra)."""
    return layout_of(observation).rich()
