"""Playing a game at the terminal: humans at some seats, bots at the others.

This is what `numrules play GAME` runs (the command only reads its options). A
`Session` drives one game like `play_match` does, asking each seat of `to_act` in
asking order through a `DecisionCursor`; a bot seat asks its bot, a human seat asks the
terminal. Each decision is one screen that fits the terminal (80x24 at least):

- the table as the seat sees it (its rendered observation), its first lines (the
  header) always shown; the parts that do not fit are left out (`show` shows them);
- what happened since the seat's last decision, right above the actions, condensed:
  similar events in a row merged, a seat's long run of events (a bot's validation) on
  one summary line, the oldest lines dropped when they do not fit (`last` lists them);
- the seat's legal actions, numbered from 1, several per line and grouped by verb;
- the answer is a number, or an action in notation without the seat prefix
  (`choose 21`); Enter lets an optional decision pass (a Num Bounce interrupt);
- `help`, `rules`, `show`, `last`, `save FILE` and `quit` are commands; anything else
  that is not a legal action is refused with the reason, and the seat is asked again.

With `auto_forced`, a decision with one legal action (not optional) is played without
asking. When several humans share the terminal, the screen and its scrollback are
cleared and handed over before a human sees a position that is not the one shown last
(their hands are secret).

The terminal is a `Terminal`: text in, text out (plain or in colour through rich), so
the same session runs on a real terminal and on any pair of text streams.
"""

from __future__ import annotations

import contextlib
import datetime
import inspect
import io
import os
import pydoc
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from numrules.core.bot import Bot
from numrules.core.bots import bot_names, make_bot
from numrules.core.cursor import DecisionCursor
from numrules.core.errors import BotError, ConfigError, IllegalActionError, NumrulesError
from numrules.core.game import AnyGame, apply_as, get_game
from numrules.core.match import _refusal
from numrules.core.options import config_from_options, parse_options
from numrules.core.records import GameRecord, load_record, save_record
from numrules.core.render import Item, Layout, Span, layout_of
from numrules.core.rng import derive_seed, new_seed

HUMAN = "human"
"""The name that marks a human seat in a list of bots (`--bots human,heuristic`)."""

SIZE = (80, 24)
"""The columns and lines a session fits its screens in when the terminal tells none."""

CLEAR = "\x1b[H\x1b[2J"
"""The ANSI sequence that clears a terminal screen (the cursor to the top left)."""

CLEAR_SCROLLBACK = "\x1b[3J"
"""The ANSI sequence that erases a terminal's scrollback (xterm and its kin)."""

EVENT_LINES = 4
"""The fewest lines of events a decision screen keeps before it leaves out the table."""

RUN_LINES = 2
"""A seat's run of events that takes more lines than this is told on one summary line."""

COMMANDS = (
    ("1, 2, ...", "play the action with that number"),
    ("NOTATION", "play the action written in notation, such as {example} (table above)"),
    ("Enter", "let an optional decision pass (only when the prompt says so)"),
    ("show", "the whole table, then the decision again"),
    ("last [N]", "the events in full: those since your last decision, or the last N"),
    ("help", "this help"),
    ("rules", "the rules of {title}"),
    ("save FILE", "write the game so far to FILE (.nrec text, .json JSON)"),
    ("quit", "leave the game (asks first)"),
)
"""The commands at the prompt and what each does (`help` lists them)."""

Pager = Callable[[str], None]
"""Shows a long text on a screen, a page at a time (`pydoc.pager` by default)."""


class PlayError(NumrulesError):
    """A `numrules play` setup that cannot work: bad seats, bots or rule settings."""


class Leave(Exception):  # noqa: N818  (a signal, not an error)
    """The session ends before the game does (quit, or end of input)."""


# --- the terminal ------------------------------------------------------------------------


def wrap(text: str, width: int, indent: str = "", hang: str = "  ") -> list[str]:
    """`text` in lines of at most `width` columns, broken at spaces only (never in a word).

    The first line starts with `indent`, the next ones with `hang`; a word longer than a
    line keeps a line of its own.
    """
    return textwrap.wrap(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=hang,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [indent.rstrip()]


def error_text(message: str, width: int = SIZE[0]) -> str:
    """`message` wrapped at spaces for a line that starts `Error: ` (click's errors)."""
    prefix = "Error: "
    lines = wrap(message, width, prefix, " " * len(prefix))
    return "\n".join(lines)[len(prefix) :]


@contextlib.contextmanager
def _less_shows_colours() -> Iterator[None]:
    # less shows ANSI colours with -R; a LESS the person set is theirs and stays.
    if "LESS" in os.environ:
        yield
        return
    os.environ["LESS"] = "-R"
    try:
        yield
    finally:
        os.environ.pop("LESS", None)


def system_pager(text: str) -> None:
    """Show `text` through `pydoc.pager` (`$PAGER`, else less), in colour with less."""
    with _less_shows_colours():
        pydoc.pager(text)


class Terminal:
    """Where a session reads answers and writes positions: a pair of text streams.

    Args:
        input: the stream answers are read from, one line each.
        output: the stream everything is written to.
        colour: write positions in colour through rich (needs the `cli` extra).
        screen: the output is a real screen: `clear` clears it (else it writes a rule),
            `page` goes through the pager, and `size` asks the screen.
        size: the columns and lines to fit in (default: the screen's, else `SIZE`).
        pager: shows a page on a screen (default: `system_pager`).

    """

    def __init__(
        self,
        input: TextIO,
        output: TextIO,
        *,
        colour: bool = False,
        screen: bool = False,
        size: tuple[int, int] | None = None,
        pager: Pager = system_pager,
    ) -> None:
        self.input = input
        self.output = output
        self.colour = colour
        self.screen = screen
        self.pager = pager
        self._size = size
        self._console: Any = None
        if colour:
            from rich.console import Console  # noqa: PLC0415  (rich is optional)

            self._console = Console(file=output, force_terminal=screen, highlight=False)

    @property
    def size(self) -> tuple[int, int]:
        """The columns and lines to fit a screen in (read again each time on a screen)."""
        if self._size is not None:
            return self._size
        if self.screen:
            columns, lines = shutil.get_terminal_size(SIZE)
            return max(columns, 20), max(lines, 10)
        return SIZE

    def say(self, text: str = "") -> None:
        """Write a line (or several)."""
        self.output.write(text + "\n")
        self.output.flush()

    def tell(self, text: str) -> None:
        """Write a message, wrapped at spaces to the width of the screen."""
        self.say("\n".join(wrap(text, self.size[0])))

    def show(self, layout: Layout) -> None:
        """Write a rendered position: in colour, or as plain text."""
        if self._console is not None:
            self._console.print(layout.rich(), soft_wrap=True)
            self.output.flush()
        else:
            self.say(layout.text())

    def text_of(self, layout: Layout) -> str:
        """A rendered position as text for this terminal (with its colours, if any)."""
        if self._console is None:
            return layout.text()
        with self._console.capture() as capture:
            self._console.print(layout.rich(), soft_wrap=True)
        text: str = capture.get()
        return text

    def markdown(self, markdown: str) -> str:
        """A Markdown page as text for this terminal, rendered by rich if it can.

        rich wraps it at spaces to the width, in colour when the terminal has colours;
        without rich the page is as it is.
        """
        try:
            from rich.console import Console  # noqa: PLC0415  (rich is optional)
            from rich.markdown import Markdown  # noqa: PLC0415
        except ImportError:
            return markdown
        console = Console(
            file=io.StringIO(),
            width=self.size[0],
            force_terminal=self.colour,
            color_system="standard" if self.colour else None,
            highlight=False,
        )
        with console.capture() as capture:
            console.print(Markdown(markdown))
        text: str = capture.get()
        # rich pads each line to the width: plain lines lose the padding.
        return text if self.colour else "\n".join(line.rstrip() for line in text.split("\n"))

    def page(self, text: str) -> None:
        """Write a long text: through the pager on a screen, else as it is."""
        if self.screen:
            self.pager(text.rstrip("\n") + "\n")
        else:
            self.say(text.rstrip("\n"))

    def ask(self, prompt: str) -> str:
        """Write `prompt` and read one line (without its newline).

        Raises:
            EOFError: the input has ended.

        """
        if self.input is sys.stdin and self.output is sys.stdout and sys.stdin.isatty():
            return input(prompt)  # line editing on a real terminal
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.output.write("\n")
            raise EOFError
        return line.rstrip("\r\n")

    def clear(self, *, scrollback: bool = False) -> None:
        """Clear the screen (on a screen), and with `scrollback` what scrolled off it too.

        This is how the next player at a shared terminal sees nothing of the last one's.
        """
        if self.screen:
            self.output.write(CLEAR + (CLEAR_SCROLLBACK if scrollback else ""))
            self.output.flush()
        else:
            self.say("\n" + "-" * 40 + "\n")


# --- who sits where ----------------------------------------------------------------------


def default_bot(game: AnyGame) -> str:
    """The bot that fills the seats no one chose: the game's heuristic bot, else random."""
    return "heuristic" if "heuristic" in bot_names(game) else "random"


def seat_plan(
    game: AnyGame,
    *,
    players: int | None = None,
    seats: Sequence[int] = (),
    bots: str | None = None,
) -> tuple[str, ...]:
    """The bot name of every seat, `HUMAN` at the human seats.

    Args:
        game: the game.
        players: the number of players (default: from `bots`, else the smallest table).
        seats: the human seats (default: seat 0, unless `bots` names a human); each must
            be a seat of the table: a seat never makes the table larger.
        bots: comma-separated bot names. With `human` among them they name every seat
            in order; otherwise they are the bots of the other seats in order (one name
            fills them all). They are trusted (the person at the terminal typed them): an
            import path is allowed.

    Raises:
        PlayError: the seats and bots do not fit together or with the game.

    """
    names = [name.strip() for name in (bots or "").split(",") if name.strip()]
    humans = set(seats)
    full = HUMAN in names
    if not humans and not full:
        humans = {0}
    default_table = False  # the table no option sized
    if players is None:
        if full:
            players = len(names)
        elif len(names) > 1:
            players = len(names) + len(humans)
        else:
            players = game.min_players
            default_table = True
    if not game.min_players <= players <= game.max_players:
        raise PlayError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}"
        )
    for seat in sorted(humans):
        if 0 <= seat < players:
            continue
        message = f"there is no seat {seat}: the seats are 0 to {players - 1}"
        if default_table and 0 <= seat < game.max_players:
            message += f" (for seat {seat}, give --players {seat + 1} or more)"
        elif seat >= game.max_players:
            message += f"; {game.title} is for {game.max_players} players at most"
        raise PlayError(message)
    if full:
        if len(names) != players:
            raise PlayError(
                f"a list with {HUMAN} names every seat: give {players} names, not {len(names)}"
            )
        plan = [HUMAN if seat in humans else name for seat, name in enumerate(names)]
    else:
        others = [seat for seat in range(players) if seat not in humans]
        if len(names) <= 1:
            names = [names[0] if names else default_bot(game)] * len(others)
        if len(names) != len(others):
            raise PlayError(
                f"{len(others)} seats are left for bots: give one bot for all or "
                f"{len(others)} bots, not {len(names)}"
            )
        chosen = dict(zip(others, names, strict=True))
        plan = [chosen.get(seat, HUMAN) for seat in range(players)]
    check_plan_for(game, plan, imports=True)
    return tuple(plan)


def make_config(game: AnyGame, players: int, options: Sequence[str]) -> Any:
    """The game's `Config` for `players` players with `NAME=VALUE` options applied.

    The options are read as `numrules simulate --option` reads them
    (`numrules.core.options.config_from_options`): ints, enums by name or value, booleans,
    comma-separated tuples, `none` for an optional field.

    Raises:
        PlayError: an unknown option or a bad value (the message lists every option).

    """
    try:
        values = parse_options(options)
        if "players" in values:
            raise PlayError("set the number of players with --players")
        return config_from_options(game, values, players)
    except ConfigError as exc:
        raise PlayError(str(exc)) from None


# --- help and rules ----------------------------------------------------------------------


def without_seat(action: Any) -> str:
    """The notation of an action without its seat prefix (`choose 21`)."""
    return str(action).partition(":")[2]


def verb_of(action: Any) -> str:
    """The first word of an action's notation (`choose`, `play`, `take`)."""
    return without_seat(action).split(" ", 1)[0]


_QUOTED = re.compile(r"`([^`\n]+)`")

EXAMPLES = 3
"""The most examples the notation table gives of one kind of action."""


def _first_paragraph(kind: type) -> str:
    # The first paragraph of an action class's docstring on one line, without its code
    # quotes; the names of the action's fields as placeholders ("Play <card> from ...").
    fields = set(attrs.fields_dict(kind)) if attrs.has(kind) else set()
    fields |= set(getattr(kind, "__annotations__", {}))
    text = inspect.cleandoc(kind.__doc__ or "").split("\n\n", 1)[0]
    text = _QUOTED.sub(lambda m: f"<{m[1]}>" if m[1] in fields else m[1], text)
    return " ".join(text.split())


def notation_examples(game: AnyGame, actions: Sequence[Any] = ()) -> dict[type, list[str]]:
    """Examples of each kind of action of `game`, in notation without the seat prefix.

    They are read, in this order, from the code quotes of the action classes' modules
    and docstrings that are actions of the game (`0:choose 55`) and from `game.example`,
    at most `EXAMPLES` of each kind; a kind they give no example of takes the first of
    `actions` (those of the game so far), if any.
    """
    texts: list[str] = []
    for kind in game.action_types:
        module = sys.modules.get(kind.__module__)
        for doc in (getattr(module, "__doc__", None), kind.__doc__):
            texts += _QUOTED.findall(doc or "")
    texts.append(game.example)
    examples: dict[type, list[str]] = {kind: [] for kind in game.action_types}
    candidates: list[Any] = []
    for text in texts:
        with contextlib.suppress(NumrulesError, ValueError):
            candidates.append(game.parse_action(text))
    for action in candidates:
        listed = examples.get(type(action))
        text = without_seat(action)
        if listed is not None and text not in listed and len(listed) < EXAMPLES:
            listed.append(text)
    for action in actions:
        listed = examples.get(type(action))
        if listed == []:
            listed.append(without_seat(action))
    return examples


def notation_table(game: AnyGame, actions: Sequence[Any] = (), width: int = 80) -> list[str]:
    """A line or more per kind of action: examples of its notation, then what it does.

    The examples are `notation_examples(game, actions)`, what it does the first
    paragraph of the action class's docstring (the names of the action's fields as
    placeholders: `Play <card> from the hand`); the lines are wrapped at spaces.
    """
    rows = [
        (", ".join(examples) or "(no example yet)", _first_paragraph(kind))
        for kind, examples in notation_examples(game, actions).items()
    ]
    column = min(max((len(notation) for notation, _ in rows), default=0), 24) + 4
    lines: list[str] = []
    for notation, what in rows:
        if len(notation) + 4 > column:
            lines += wrap(notation, width, "  ", "  ")
            lead = " " * column
        else:
            lead = f"  {notation:<{column - 2}}"
        lines += wrap(what, width, lead, " " * column)
    return lines


def notation_help(game: AnyGame, actions: Sequence[Any] = (), width: int = 80) -> str:
    """The `help` text: the notation of `game`, then the commands at the prompt.

    The notation is a table built from the game's action classes (`notation_table`);
    `actions` (the legal ones now first, then the game's so far) give examples of the
    kinds of action the documentation gives none of.
    """
    example = without_seat(actions[0]) if actions else _without_seat_text(game.example)
    lines = wrap(
        f"Answer with the number of an action in the list, or with the action in "
        f"{game.title} notation (the seat prefix, such as 0:, may be left out):",
        width,
        hang="",
    )
    lines += ["", *notation_table(game, actions, width), "", "Commands:"]
    for command, what in COMMANDS:
        text = what.format(example=example, title=game.title)
        lines += wrap(text, width, f"  {command:<12}", " " * 14)
    return "\n".join(lines)


def _without_seat_text(text: str) -> str:
    # An action's notation without its seat prefix, if it has one (`0:choose 55`).
    seat, colon, rest = text.partition(":")
    return rest if colon and seat.strip().isdigit() else text


def rules_page(game: AnyGame) -> str:
    """The rules page of a game (`Game.rules`), as Markdown.

    Raises:
        PlayError: the game ships no rules page, or it is missing from the installation.

    """
    if game.rules is None:
        raise PlayError(f"{game.title} has no rules page")
    try:
        return game.rules()
    except OSError:
        raise PlayError(f"no rules page for {game.title} in this installation") from None


def refusal(text: str, error: NumrulesError) -> str:
    """Why an answer is not accepted, for the person who typed it (no error codes)."""
    if isinstance(error, IllegalActionError):
        action = error.action
        shown = without_seat(action) if hasattr(action, "seat") else text
        return f"Not accepted ({shown}): {_sentence(error.detail)}"
    return f"Not accepted: {_sentence(str(error))}"


def _sentence(text: str) -> str:
    # The text with a full stop at its end, unless it ends a sentence already.
    return text if text.endswith((".", "!", "?")) else text + "."


# --- showing a decision ------------------------------------------------------------------


def arranged(actions: Sequence[Any]) -> tuple[Any, ...]:
    """The actions in the order they are listed and numbered: grouped by verb (stable)."""
    groups: dict[str, list[Any]] = {}
    for action in actions:
        groups.setdefault(verb_of(action), []).append(action)
    return tuple(action for members in groups.values() for action in members)


def action_lines(actions: Sequence[Any], width: int = 80, lead: str = "") -> list[str]:
    """The numbered list of `arranged(actions)` (from 1), several actions per line.

    When `lead` and every action fit on one line, that is the list; otherwise `lead`
    has a line of its own (if any), then each verb with several actions has its lines
    (`  play  1) R3  2) R5 ...`) and the other actions share lines in between.
    """
    actions = arranged(actions)
    cells = [f"{number}) {without_seat(a)}" for number, a in enumerate(actions, 1)]
    line = lead + "  ".join(cells)
    if len(line) <= width:
        return [line]
    groups: dict[str, list[int]] = {}
    for index, action in enumerate(actions):
        groups.setdefault(verb_of(action), []).append(index)
    pad = max([len(verb) for verb, members in groups.items() if len(members) > 1], default=0)
    lines = [lead.rstrip()] if lead.strip() else []
    loose: list[str] = []  # actions alone of their verb, sharing lines

    def flush() -> None:
        if loose:
            lines.extend(_flowed("  ", loose, width, "  "))
            loose.clear()

    for verb, members in groups.items():
        if len(members) == 1:
            loose.append(cells[members[0]])
            continue
        flush()
        rests = [
            f"{index + 1}) {without_seat(actions[index])[len(verb) :].strip() or verb}"
            for index in members
        ]
        lines.extend(_flowed(f"  {verb:<{pad}}  ", rests, width, " " * (pad + 4)))
    flush()
    return lines


def _flowed(lead: str, cells: Sequence[str], width: int, hang: str) -> list[str]:
    # The cells after `lead`, two spaces apart, in lines of `width` (then `hang`).
    lines: list[str] = []
    line = lead
    for cell in cells:
        started = line not in (lead, hang)  # a cell is on the line already
        if started and len(line) + 2 + len(cell) > width:
            lines.append(line)
            line, started = hang, False
        line += ("  " if started else "") + cell
    lines.append(line)
    return lines


def event_line(event: Any, width: int = 80) -> str:
    """An event as an indented line, wrapped at spaces to `width` columns."""
    return "\n".join(wrap(str(event), width, "  ", "    "))


def _subject(sentence: str) -> str | None:
    # `seat 2` for a sentence about seat 2 ("seat 2 plays R7"), else None.
    words = sentence.split(" ", 2)
    if len(words) == 3 and words[0] == "seat" and words[1].isdigit():
        return f"seat {words[1]}"
    return None


@attrs.define
class _Told:
    # One line of the account of events (before wrapping) and the events it stands for.
    words: list[str]
    subject: str | None
    count: int = 1
    varying: int | None = None  # the word that differs between the merged events
    values: list[str] = attrs.field(factory=list)

    def text(self) -> str:
        if self.varying is None:
            return " ".join(self.words)
        words = list(self.words)
        words[self.varying] = " ".join(self.values)
        return " ".join(words)

    def merge(self, words: list[str]) -> bool:
        # Take in the next event when it differs from this one in one word only, the
        # same one each time, after the subject and its verb: "draws Y4 G0 from stock A".
        if self.subject is None or len(words) != len(self.words) or words[:3] != self.words[:3]:
            return False
        differ = [i for i, (a, b) in enumerate(zip(self.words, words, strict=True)) if a != b]
        if len(differ) != 1 or (self.varying is not None and differ != [self.varying]):
            return False
        if self.varying is None:
            self.varying, self.values = differ[0], [self.words[differ[0]]]
        self.values.append(words[differ[0]])
        self.count += 1
        return True


def _after_subject(text: str) -> str:
    return text.split(" ", 2)[2]


def condensed(sentences: Sequence[str], width: int = 80) -> list[list[str]]:
    """An account of events (their sentences, in order) that takes few lines.

    Returns items, each a list of lines of at most `width` columns (wrapped at spaces,
    indented): a run of events about one seat in a row is one item, its similar events
    merged (`seat 1 draws Y4 G0 R4 from stock A`) and the rest joined with `;`; a run
    that would still take more than `RUN_LINES` lines becomes one summary line (the
    number of events and the last one). Events of several seats with the same verb share
    a line (`seat 1 plays R3; seat 2 plays B5`) when it fits.
    """
    told: list[_Told] = []
    for sentence in sentences:
        words = sentence.split(" ")
        if not told or not told[-1].merge(words):
            told.append(_Told(words, _subject(sentence)))
    runs: list[list[_Told]] = []
    for one in told:
        if runs and one.subject is not None and runs[-1][0].subject == one.subject:
            runs[-1].append(one)
        else:
            runs.append([one])
    items: list[tuple[str | None, str]] = []  # (the verb of a one-line item, its text)
    for run in runs:
        text = "; ".join([run[0].text(), *(_after_subject(one.text()) for one in run[1:])])
        count = sum(one.count for one in run)
        if len(run) > 1 and len(wrap(text, width, "  ", "    ")) > RUN_LINES:
            last = _after_subject(run[-1].text())
            text = f"{run[0].subject} ({count} events) ... {last}"
        single = len(run) == 1 and run[0].subject is not None and len(text) + 2 <= width
        verb = run[0].words[2] if single else None
        if verb is not None and items and items[-1][0] == verb:
            joined = f"{items[-1][1]}; {text}"
            if len(joined) + 2 <= width:
                items[-1] = (verb, joined)
                continue
        items.append((verb, text))
    return [wrap(text, width, "  ", "    ") for _, text in items]


@attrs.frozen
class Screen:
    """What a decision shows, fitted to the lines of the screen (see `fit_screen`)."""

    layout: Layout
    """The table: its header, then the parts that fit."""
    events: tuple[str, ...]
    """The lines of events, their heading first (none when nothing happened)."""
    cut: bool
    """Whether parts of the table are left out (`show` shows them)."""


def _sections(layout: Layout) -> list[list[Item]]:
    # The layout's parts, as its blank lines separate them.
    sections: list[list[Item]] = [[]]
    for line in layout.lines:
        if line:
            sections[-1].append(line)
        elif sections[-1]:
            sections.append([])
    return [section for section in sections if section]


def _rows(lines: Sequence[Item] | Sequence[str], width: int) -> int:
    # The screen lines `lines` take (a line wider than the screen takes several).
    total = 0
    for line in lines:
        size = len(line) if isinstance(line, str) else sum(len(span.text) for span in line)
        total += max(1, -(-size // width))
    return total


def fit_screen(
    layout: Layout,
    events: Sequence[Sequence[str]],
    heading: str,
    below: int,
    size: tuple[int, int] = SIZE,
) -> Screen:
    """The table and the events of a decision, in the lines left above `below` lines.

    The table's first part (its header) is always shown, and the last events always
    (their last `EVENT_LINES` lines at least). What does not fit is left out in this
    order: the older events (a line says so: `last` lists them), the blank lines, the
    largest parts of the table (a line says so: `show` shows the whole table); lines
    left over go back to the events. A first part taller than the screen is cut after
    as many lines as fit (its first line at least).

    Args:
        layout: the rendered observation.
        events: the account of the events (`condensed`), oldest first.
        heading: the line above the events.
        below: the lines the screen needs under the events (the actions, the prompt).
        size: the columns and lines of the screen.

    """
    width, height = size
    room = height - below
    head, *body = _sections(layout) or [[]]
    total_events = sum(len(item) for item in events)

    def shown_events(lines: int) -> list[str]:
        # The last items that fit in `lines` (a line says when older ones are left out).
        if not events:
            return []
        if total_events + 1 <= lines:
            return [heading] + [line for item in events for line in item]
        kept: list[str] = []
        for item in reversed(events):
            if len(kept) + len(item) + 2 > lines and kept:
                break
            kept[:0] = item
        return [heading, "  (earlier events left out: last lists them)", *kept]

    least = min(total_events, EVENT_LINES) + (2 if total_events > EVENT_LINES else 1)
    least = least if events else 0
    largest = sorted(range(len(body)), key=lambda i: -_rows(body[i], width))
    for dropped in range(len(body) + 1):
        left_out = set(largest[:dropped])
        kept = [section for i, section in enumerate(body) if i not in left_out]
        for blanks in (True, False):
            lines = _rows(head, width) + sum(_rows(section, width) for section in kept)
            lines += int(bool(left_out)) + (len(kept) + int(bool(events)) if blanks else 0)
            if lines + least <= room:
                return Screen(
                    _layout(head, kept, bool(left_out), blanks, blanks and bool(events)),
                    tuple(shown_events(room - lines)),
                    bool(left_out),
                )
    # The first part alone is too tall (a game whose table is one long part): its first
    # lines, the header among them.
    while len(head) > 1 and _rows(head, width) + 1 + least > room:
        head = head[:-1]
    lines = _rows(head, width) + 1
    return Screen(_layout(head, [], True, False, False), tuple(shown_events(room - lines)), True)


def _layout(
    head: list[Item], kept: list[list[Item]], cut: bool, blanks: bool, trailing: bool
) -> Layout:
    # The head and the kept parts (a blank line before each with `blanks`), the note
    # that parts are left out (when `cut`), and a blank line at the end with `trailing`.
    lines: list[Item] = list(head)
    for section in kept:
        lines += [(), *section] if blanks else section
    if cut:
        note = "(more of the table does not fit here: show shows it all)"
        lines.append((Span(note, "dim"),))
    if trailing:
        lines.append(())
    return Layout(tuple(lines))


def result_lines(game: AnyGame, state: Any, humans: frozenset[int]) -> list[str]:
    """The final scores and the winners, the human seats marked."""

    def name(seat: int) -> str:
        return f"seat {seat} (you)" if seat in humans and len(humans) == 1 else f"seat {seat}"

    scores = game.scores(state)
    winners = sorted(game.winners(state))
    rule = "lowest" if game.lower_score_wins else "highest"
    return [
        f"Final scores ({rule} wins): "
        + ", ".join(f"{name(seat)} {score}" for seat, score in enumerate(scores)),
        ("Winner: " if len(winners) == 1 else "Winners: ")
        + (", ".join(name(seat) for seat in winners) or "nobody"),
    ]


# --- the session -------------------------------------------------------------------------


@attrs.define
class Session:
    """One game at the terminal: humans at the seats named `HUMAN`, bots at the others.

    `actions` (e.g. a loaded record's) are replayed first, so a saved game resumes
    where it was left; the bots then start from their seeds again.
    """

    game: AnyGame
    config: Any
    seed: int
    plan: tuple[str, ...]
    terminal: Terminal
    actions: list[Any] = attrs.field(factory=list)
    """Every action so far, in order (a resumed game's first)."""
    deck: tuple[Any, ...] | None = None
    """The stacked first-round deck, if any (a loaded record's)."""
    state: Any = attrs.field(init=False, default=None)
    """The current state."""
    imports: bool = attrs.field(default=False, kw_only=True)
    """Whether a bot of `plan` may be an import path: True only for names typed by the
    person at the terminal, never for those read from a record."""
    auto_forced: bool = attrs.field(default=False, kw_only=True)
    """Play a human's decision that has one legal action (and is not optional) without
    asking (`numrules play --auto-forced`)."""
    bots: dict[int, Bot] = attrs.field(init=False, factory=dict)
    """The bot of each bot seat, seeded with `derive_seed(seed, "bot", seat)`."""
    seen: dict[int | None, int] = attrs.field(init=False, factory=dict)
    """How many events each human seat has been shown."""
    told: dict[int, tuple[Any, ...]] = attrs.field(init=False, factory=dict)
    """The events each human seat was told at its current decision (`last` lists them)."""
    shown: int | None = attrs.field(init=False, default=None)
    """The seat whose position the screen shows (for the hand-over)."""

    def __attrs_post_init__(self) -> None:
        if len(self.plan) != self.config.players:
            raise PlayError(f"{self.config.players} players need {self.config.players} seats")
        self.state = self.game.new_game(self.config, self.seed, self.deck)
        for action in self.actions:
            if action.seat in self.humans and self.game.event_types:
                # A resumed seat is told what happened since its last decision only.
                self.seen[action.seat] = len(self.game.events(self.state, action.seat))
            self.state = self.game.apply(self.state, action)
        self.bots = {
            seat: make_bot(
                name, derive_seed(self.seed, "bot", seat), self.game, imports=self.imports
            )
            for seat, name in enumerate(self.plan)
            if name != HUMAN
        }

    @property
    def humans(self) -> frozenset[int]:
        """The human seats."""
        return frozenset(seat for seat, name in enumerate(self.plan) if name == HUMAN)

    def run(self) -> bool:
        """Play until the game ends (True) or a human leaves (False)."""
        game, tell = self.game, self.terminal.tell
        players = self.config.players
        who = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(self.plan))
        tell(f"{game.title}, {players} players, seed {self.seed}: {who}")
        if self.actions:
            tell(f"resumed after {len(self.actions)} actions")
        tell("Type help for the commands, rules for the rules.")
        self.terminal.say("")
        try:
            self._play()
        except Leave:
            return False
        self._finish()
        return True

    def _play(self) -> None:
        game = self.game
        while not game.is_terminal(self.state):
            cursor = DecisionCursor.of(game, self.state)
            while (seat := cursor.next_seat) is not None:
                optional = seat in cursor.optional
                mine = game.legal_actions_for(self.state, seat)
                if seat not in self.humans:
                    observation = game.observe(self.state, seat)
                    choice = self.bots[seat].act(observation, mine, optional)
                    if choice is not None and choice not in mine:
                        raise BotError(_refusal(game, seat, choice))
                elif self.auto_forced and len(mine) == 1 and not optional:
                    choice = mine[0]  # the seat is told of it at its next decision
                else:
                    choice = self._ask(seat, mine, optional)
                if choice is None:
                    cursor = cursor.decline(seat)
                    continue
                self.state = game.apply(self.state, choice)
                self.actions.append(choice)
                break
            else:
                raise BotError("every seat declined and no seat had to act")

    def _events(self, seat: int | None) -> tuple[Any, ...]:
        if not self.game.event_types:
            return ()
        told = tuple(self.game.events(self.state, seat, self.seen.get(seat, 0)))
        self.seen[seat] = self.seen.get(seat, 0) + len(told)
        return told

    def _hand_over(self, seat: int) -> None:
        # Several humans share the screen: hide the last one's position from the next,
        # on the screen and in the scrollback.
        if len(self.humans) > 1 and self.shown != seat:
            self.terminal.clear(scrollback=True)
            try:
                self.terminal.ask(f"Pass the terminal to seat {seat}, then press Enter. ")
            except EOFError:
                self._left("end of input")
            self.terminal.clear(scrollback=True)
        self.shown = seat

    def _draw(self, seat: int, actions: Sequence[Any], optional: bool) -> Screen:
        # The decision on one screen: the table, the last events, the actions.
        size = self.terminal.size
        note = " (optional: Enter lets it pass)" if optional else ""
        listed = action_lines(actions, size[0], f"Your actions, seat {seat}{note}: ")
        screen = fit_screen(
            layout_of(self.game.observe(self.state, seat)),
            condensed([str(event) for event in self.told.get(seat, ())], size[0]),
            f"Since your last decision (seat {seat}):",
            len(listed) + 1,
            size,
        )
        self.terminal.show(screen.layout)
        for line in (*screen.events, *listed):
            self.terminal.say(line)
        return screen

    def _ask(self, seat: int, legal: Sequence[Any], optional: bool) -> Any | None:
        actions = arranged(legal)  # numbered as listed
        self._hand_over(seat)
        self.told[seat] = self._events(seat)
        screen = self._draw(seat, actions, optional)
        prompt = f"seat {seat}{' [Enter: pass]' if optional else ''}> "
        while True:
            try:
                text = self.terminal.ask(prompt).strip()
            except EOFError:
                self._left("end of input")
            try:
                answer = self._answer(seat, actions, optional, text, screen)
            except NumrulesError as exc:
                self.terminal.tell(refusal(text, exc))
                continue
            if answer is _REDRAW:
                screen = self._draw(seat, actions, optional)
            elif answer is not _AGAIN:
                return answer

    def _answer(
        self, seat: int, actions: Sequence[Any], optional: bool, text: str, screen: Screen
    ) -> Any:
        # An action, None (an optional decision let pass), _AGAIN (ask again) or
        # _REDRAW (show the decision again, then ask).
        tell, terminal = self.terminal.tell, self.terminal
        word, _, rest = text.partition(" ")
        command = word.lower()
        if not text:
            if optional:
                return None
            tell("This decision is not optional: answer with a number or an action (help).")
            return _AGAIN
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(actions):
                tell(f"No action numbered {number}: answer 1 to {len(actions)}.")
                return _AGAIN
            return actions[number - 1]
        if command in ("help", "?", "h"):
            width = terminal.size[0]
            terminal.page(notation_help(self.game, (*actions, *self.actions), width))
            return _REDRAW if terminal.screen else _AGAIN
        if command == "rules":
            try:
                page = rules_page(self.game)
            except PlayError as exc:
                tell(_sentence(str(exc)))
                return _AGAIN
            terminal.page(terminal.markdown(page))
            return _REDRAW if terminal.screen else _AGAIN
        if command == "last":
            self._last(seat, rest.strip())
            return _REDRAW if terminal.screen else _AGAIN
        if command == "show":
            if screen.cut:
                terminal.page(terminal.text_of(layout_of(self.game.observe(self.state, seat))))
            return _REDRAW
        if command == "save":
            self._save(rest.strip())
            return _AGAIN
        if command in ("quit", "exit"):
            self._quit()
            return _AGAIN
        action = self.game.parse_action(text, seat=seat)
        apply_as(self.game, self.state, seat, action)  # raises the reason if it is illegal
        return action

    def _last(self, seat: int, count: str) -> None:
        # `last`: the events of this decision in full; `last N`: the last N events.
        if count and not count.isdigit():
            self.terminal.tell("last takes a number of events: last 20")
            return
        if count:
            seen = self.game.events(self.state, seat) if self.game.event_types else ()
            events = tuple(seen)[-int(count) :] if int(count) else ()
            heading = f"The last {len(events)} events (seat {seat}):"
        else:
            events = self.told.get(seat, ())
            heading = f"Since your last decision (seat {seat}):"
        if not events:
            self.terminal.say("No events to show.")
            return
        width = self.terminal.size[0]
        self.terminal.page("\n".join([heading, *(event_line(e, width) for e in events)]))

    def record(self) -> GameRecord:
        """The game so far as a record (scores and winners as they stand now)."""
        finished = self.game.is_terminal(self.state)
        return GameRecord(
            game=self.game.name,
            config=self.config,
            seed=self.seed,
            actions=tuple(self.actions),
            scores=tuple(self.game.scores(self.state)),
            winners=frozenset(self.game.winners(self.state)),
            deck=self.deck,
            headers={
                "Bots": ",".join(self.plan),
                "Date": datetime.datetime.now(datetime.UTC).date().isoformat(),
                "Status": "finished" if finished else "unfinished",
            },
        )

    def save(self, path: Path) -> None:
        """Write the game so far to `path` (its suffix picks the form, as `save_record`)."""
        save_record(self.record(), path)

    def _save(self, name: str) -> None:
        if not name:
            self.terminal.tell("Save where? save FILE (e.g. save game.nrec)")
            return
        try:
            self.save(Path(name).expanduser())
        except OSError as exc:
            self.terminal.tell(f"Could not save to {name}: {exc.strerror or exc}")
            return
        self.terminal.tell(
            f"Saved {len(self.actions)} actions to {name}; resume with: numrules play --load {name}"
        )

    def _quit(self) -> None:
        try:
            answer = self.terminal.ask("Leave the game? Unsaved moves are lost. [y/N] ")
        except EOFError:
            self._left("end of input")
        if answer.strip().lower() in ("y", "yes"):
            self._left("you left")
        self.terminal.say("Going on.")

    def _left(self, why: str) -> Any:
        self.terminal.tell(f"Game left unfinished ({why}) after {len(self.actions)} actions.")
        raise Leave(why)

    def _finish(self) -> None:
        # The whole table, the last events (condensed), then the result.
        say = self.terminal.say
        humans = self.humans
        viewer = min(humans) if len(humans) == 1 else None
        if len(humans) > 1:
            self.terminal.clear(scrollback=True)
        told = self._events(viewer) if viewer is not None else ()
        width = self.terminal.size[0]
        say("")
        self.terminal.show(layout_of(self.game.observe(self.state, viewer)))
        if told:
            say("")
            say("The last actions:")
            for item in condensed([str(event) for event in told], width):
                say("\n".join(item))
        say("")
        for line in result_lines(self.game, self.state, humans):
            self.terminal.tell(line)


_AGAIN = object()
_REDRAW = object()


def text_terminal(answers: str) -> tuple[Terminal, io.StringIO]:
    """A plain `Terminal` reading `answers` (one per line) and writing to a string."""
    output = io.StringIO()
    return Terminal(io.StringIO(answers), output), output


def check_plan_for(game: AnyGame, plan: Sequence[str], *, imports: bool = False) -> None:
    """Raise `PlayError` unless every name of `plan` is `HUMAN` or a bot of `game`.

    An import path is a bot only with `imports` (names the person at the terminal typed).
    """
    for name in plan:
        if name != HUMAN:
            try:
                make_bot(name, 0, game, imports=imports)
            except NumrulesError as exc:
                raise PlayError(str(exc)) from None


def plan_from_headers(game: AnyGame, record: GameRecord) -> tuple[str, ...] | None:
    """The seats of a record written by `numrules play` (its `Bots` header), if usable.

    A record is data, possibly from someone else: a header naming an import path is not
    used.
    """
    names = tuple(n.strip() for n in record.headers.get("Bots", "").split(","))
    if len(names) != record.config.players or HUMAN not in names:
        return None
    try:
        check_plan_for(game, names)
    except PlayError:
        return None
    return names


def terminal_for(*, plain: bool = False) -> Terminal:
    """The terminal of this process: stdin and stdout, in colour on a screen unless `plain`."""
    screen = sys.stdout.isatty()
    if screen and sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401, PLC0415  (line editing and history for input())
    return Terminal(sys.stdin, sys.stdout, colour=screen and not plain, screen=screen)


def open_session(
    game_name: str | None,
    terminal: Terminal,
    *,
    seats: Sequence[int] = (),
    bots: str | None = None,
    players: int | None = None,
    seed: int | None = None,
    options: Sequence[str] = (),
    load: Path | None = None,
    auto_forced: bool = False,
) -> Session:
    """A `Session` set up as `numrules play` is: a new game, or a saved one resumed.

    Args:
        game_name: the game (optional with `load`, which knows it).
        terminal: where the humans play.
        seats: the human seats (see `seat_plan`).
        bots: the bots (see `seat_plan`).
        players: the number of players.
        seed: the game seed (default: a fresh unguessable one, `new_seed()`).
        options: `NAME=VALUE` changes to the game's `Config` (`hand_size=5`).
        load: a record to resume (written by `save FILE`, or any game record); without
            `seats` and `bots`, its seats are those of its `Bots` header when it names
            a human, else seat 0 plays against the default bot.
        auto_forced: play a human's decision that has one legal action without asking.

    Raises:
        PlayError: options that do not fit together, or with the game.
        RecordError, SerializationError, OSError: the record cannot be read or replayed.

    """
    if load is None:
        if game_name is None:
            raise PlayError("name a game to play (numrules play stackattack), or --load FILE")
        game = get_game(game_name)
        plan = seat_plan(game, players=players, seats=seats, bots=bots)
        config = make_config(game, len(plan), options)
        return Session(
            game,
            config,
            new_seed() if seed is None else seed,
            plan,
            terminal,
            imports=True,
            auto_forced=auto_forced,
        )
    record = load_record(load)
    record.replay()
    game = get_game(record.game)
    count = record.config.players
    if game_name is not None and game_name != record.game:
        raise PlayError(f"{load} is a game of {game.title}, not {game_name}")
    if players is not None and players != count:
        raise PlayError(f"{load} is a game for {count} players, not {players}")
    if options or seed is not None:
        raise PlayError("a loaded game keeps its rules and seed: drop --option and --seed")
    loaded = plan_from_headers(game, record)
    if seats or bots or loaded is None:
        plan = seat_plan(game, players=count, seats=seats, bots=bots)
    else:
        plan = loaded
    return Session(
        game,
        record.config,
        record.seed,
        plan,
        terminal,
        list(record.actions),
        record.deck,
        imports=plan is not loaded,  # a record's own Bots header is not trusted
        auto_forced=auto_forced,
    )
