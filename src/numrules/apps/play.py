"""Playing a game at the terminal: humans at some seats, bots at the others.

This is what `numrules play GAME` runs (the command only reads its options). A
`Session` drives one game like `play_match` does, asking each seat of `to_act` in
asking order through a `DecisionCursor`; a bot seat asks its bot, a human seat asks the
terminal:

- the events since that seat's last decision, its rendered observation, and a numbered
  list of its legal actions (grouped by verb when the list is long);
- the answer is a number, or an action in notation without the seat prefix
  (`choose 21`); Enter lets an optional decision pass (a Num Bounce interrupt);
- `help`, `rules`, `show`, `save FILE` and `quit` are commands; anything else that is
  not a legal action is refused with the reason, and the seat is asked again.

When several humans share the terminal, the screen is cleared and handed over before a
human sees a position that is not the one shown last (their hands are secret).

The terminal is a `Terminal`: text in, text out (plain or in colour through rich), so
the same session runs on a real terminal and on any pair of text streams.
"""

from __future__ import annotations

import contextlib
import datetime
import importlib
import io
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from numrules.core.bot import Bot
from numrules.core.bots import bot_names, make_bot
from numrules.core.cursor import DecisionCursor
from numrules.core.errors import BotError, ConfigError, NumrulesError
from numrules.core.game import AnyGame, apply_as, get_game
from numrules.core.match import _refusal
from numrules.core.options import config_from_options, parse_options
from numrules.core.records import GameRecord, load_record, save_record
from numrules.core.render import Layout, layout_of
from numrules.core.rng import derive_seed, new_seed

HUMAN = "human"
"""The name that marks a human seat in a list of bots (`--bots human,heuristic`)."""

LONG_LIST = 12
"""A list of legal actions longer than this is grouped by verb."""

CLEAR = "\x1b[2J\x1b[H"
"""The ANSI sequence that clears a terminal screen."""

COMMANDS = """Commands:
  NUMBER        play the action with that number
  NOTATION      play an action written in notation, without the seat: {example}
  Enter         let an optional decision pass (only when the prompt says so)
  show          show the position and your actions again
  help          this help, and the notation of {title}
  rules         the rules of {title}
  save FILE     write the game so far to FILE (.nrec text, .json JSON)
  quit          leave the game (asks first)"""


class PlayError(NumrulesError):
    """A `numrules play` setup that cannot work: bad seats, bots or rule settings."""


class Leave(Exception):  # noqa: N818  (a signal, not an error)
    """The session ends before the game does (quit, or end of input)."""


# --- the terminal ------------------------------------------------------------------------


class Terminal:
    """Where a session reads answers and writes positions: a pair of text streams.

    Args:
        input: the stream answers are read from, one line each.
        output: the stream everything is written to.
        colour: write positions in colour through rich (needs the `cli` extra).
        screen: the output is a real screen: `clear` clears it (else it writes a rule).

    """

    def __init__(
        self, input: TextIO, output: TextIO, *, colour: bool = False, screen: bool = False
    ) -> None:
        self.input = input
        self.output = output
        self.colour = colour
        self.screen = screen
        self._console: Any = None
        if colour:
            from rich.console import Console  # noqa: PLC0415  (rich is optional)

            self._console = Console(file=output, force_terminal=screen, highlight=False)

    def say(self, text: str = "") -> None:
        """Write a line (or several)."""
        self.output.write(text + "\n")
        self.output.flush()

    def show(self, layout: Layout) -> None:
        """Write a rendered position: in colour, or as plain text."""
        if self._console is not None:
            self._console.print(layout.rich(), soft_wrap=True)
            self.output.flush()
        else:
            self.say(layout.text())

    def page(self, markdown: str) -> None:
        """Write a Markdown page (rendered by rich in colour, else as it is)."""
        if self._console is not None:
            from rich.markdown import Markdown  # noqa: PLC0415

            self._console.print(Markdown(markdown))
            self.output.flush()
        else:
            self.say(markdown.rstrip("\n"))

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

    def clear(self) -> None:
        """Clear the screen (on a screen), so that the next player sees nothing of it."""
        if self.screen:
            self.output.write(CLEAR)
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
        seats: the human seats (default: seat 0, unless `bots` names a human).
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
    if players is None:
        if full:
            players = len(names)
        elif len(names) > 1:
            players = len(names) + len(humans)
        else:
            players = max(game.min_players, max(humans, default=0) + 1)
    if not game.min_players <= players <= game.max_players:
        raise PlayError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}"
        )
    for seat in sorted(humans):
        if not 0 <= seat < players:
            raise PlayError(f"there is no seat {seat}: the seats are 0 to {players - 1}")
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


def notation_help(game: AnyGame, actions: Sequence[Any] = ()) -> str:
    """How to answer in `game`: the commands, its notation table, examples from `actions`."""
    example = without_seat(actions[0]) if actions else "..."
    lines = [COMMANDS.format(example=example, title=game.title), ""]
    module = importlib.import_module(game.action_types[0].__module__)
    doc = (module.__doc__ or "").strip()
    if doc:
        lines += [f"The notation of {game.title} (answer without the `0:` seat prefix):", ""]
        lines += ["  " + line if line else "" for line in doc.splitlines()]
    if actions:
        seen: dict[str, str] = {}
        for action in actions:
            seen.setdefault(verb_of(action), without_seat(action))
        lines += ["", "For example, now: " + ", ".join(seen.values())]
    return "\n".join(lines)


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


# --- showing a decision ------------------------------------------------------------------


def arranged(actions: Sequence[Any]) -> tuple[Any, ...]:
    """The actions in the order they are listed: grouped by verb (stable) when long."""
    if len(actions) <= LONG_LIST:
        return tuple(actions)
    groups: dict[str, list[Any]] = {}
    for action in actions:
        groups.setdefault(verb_of(action), []).append(action)
    return tuple(action for members in groups.values() for action in members)


def action_lines(actions: Sequence[Any], width: int = 80) -> list[str]:
    """The numbered list of `arranged(actions)` (from 1), a line per verb when long."""
    actions = arranged(actions)
    if len(actions) <= LONG_LIST:
        return [f"  {number:>2}  {without_seat(a)}" for number, a in enumerate(actions, 1)]
    groups: dict[str, list[tuple[int, Any]]] = {}
    for number, action in enumerate(actions, 1):
        groups.setdefault(verb_of(action), []).append((number, action))
    pad = max(len(verb) for verb in groups)
    lines = []
    for verb, members in groups.items():
        line = f"  {verb:<{pad}} "
        for number, action in members:
            rest = without_seat(action)[len(verb) :].strip() or verb
            cell = f" {number}) {rest}"
            if len(line) + len(cell) > width and line.strip() != verb:
                lines.append(line)
                line = " " * (pad + 3)
            line += cell
        lines.append(line)
    return lines


def event_line(event: Any, width: int = 80) -> str:
    """An event as an indented line, wrapped to `width` columns (a deal lists a hand)."""
    return textwrap.fill(str(event), width, initial_indent="  ", subsequent_indent="    ")


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
    bots: dict[int, Bot] = attrs.field(init=False, factory=dict)
    """The bot of each bot seat, seeded with `derive_seed(seed, "bot", seat)`."""
    seen: dict[int | None, int] = attrs.field(init=False, factory=dict)
    """How many events each human seat has been shown."""
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
        game, say = self.game, self.terminal.say
        players = self.config.players
        who = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(self.plan))
        say(f"{game.title}, {players} players, seed {self.seed}: {who}")
        if self.actions:
            say(f"resumed after {len(self.actions)} actions")
        say("Type help for the commands, rules for the rules.")
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
                if seat in self.humans:
                    choice = self._ask(seat, mine, optional)
                else:
                    observation = game.observe(self.state, seat)
                    choice = self.bots[seat].act(observation, mine, optional)
                    if choice is not None and choice not in mine:
                        raise BotError(_refusal(game, seat, choice))
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
        # Several humans share the screen: hide the last one's position from the next.
        if len(self.humans) > 1 and self.shown != seat:
            self.terminal.clear()
            try:
                self.terminal.ask(f"Pass the terminal to seat {seat}, then press Enter. ")
            except EOFError:
                self._left("end of input")
            self.terminal.clear()
        self.shown = seat

    def _show(self, seat: int, actions: Sequence[Any], optional: bool, told: Sequence[Any]) -> None:
        say = self.terminal.say
        say("")
        if told:
            say(f"Since your last decision (seat {seat}):")
            for event in told:
                say(event_line(event))
            say("")
        self.terminal.show(layout_of(self.game.observe(self.state, seat)))
        say("")
        note = " (optional: press Enter to let it pass)" if optional else ""
        say(f"Your actions, seat {seat}{note}:")
        for line in action_lines(actions):
            say(line)

    def _ask(self, seat: int, legal: Sequence[Any], optional: bool) -> Any | None:
        actions = arranged(legal)  # numbered as listed
        self._hand_over(seat)
        self._show(seat, actions, optional, self._events(seat))
        prompt = f"seat {seat}{' [Enter: pass]' if optional else ''}> "
        while True:
            try:
                text = self.terminal.ask(prompt).strip()
            except EOFError:
                self._left("end of input")
            try:
                answer = self._answer(seat, actions, optional, text)
            except NumrulesError as exc:
                self.terminal.say(f"Not accepted: {exc}")
                continue
            if answer is not _AGAIN:
                return answer

    def _answer(self, seat: int, actions: Sequence[Any], optional: bool, text: str) -> Any:
        # An action, None (an optional decision let pass) or _AGAIN (ask again).
        say = self.terminal.say
        word, _, rest = text.partition(" ")
        command = word.lower()
        if not text:
            if optional:
                return None
            say("This decision is not optional: answer with a number or an action (help).")
            return _AGAIN
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(actions):
                say(f"No action numbered {number}: answer 1 to {len(actions)}.")
                return _AGAIN
            return actions[number - 1]
        if command in ("help", "?", "h"):
            say(notation_help(self.game, actions))
            return _AGAIN
        if command == "rules":
            self.terminal.page(rules_page(self.game))
            return _AGAIN
        if command == "show":
            self._show(seat, actions, optional, ())
            return _AGAIN
        if command == "save":
            self._save(rest.strip())
            return _AGAIN
        if command in ("quit", "exit"):
            self._quit()
            return _AGAIN
        action = self.game.parse_action(text, seat=seat)
        apply_as(self.game, self.state, seat, action)  # raises the reason if it is illegal
        return action

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
            self.terminal.say("Save where? save FILE (e.g. save game.nrec)")
            return
        try:
            self.save(Path(name).expanduser())
        except OSError as exc:
            self.terminal.say(f"Could not save to {name}: {exc.strerror or exc}")
            return
        self.terminal.say(
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
        self.terminal.say(f"Game left unfinished ({why}) after {len(self.actions)} actions.")
        raise Leave(why)

    def _finish(self) -> None:
        say = self.terminal.say
        humans = self.humans
        viewer = min(humans) if len(humans) == 1 else None
        if len(humans) > 1:
            self.terminal.clear()
        told = self._events(viewer) if viewer is not None else ()
        say("")
        if told:
            say("The last actions:")
            for event in told:
                say(event_line(event))
            say("")
        self.terminal.show(layout_of(self.game.observe(self.state, viewer)))
        say("")
        for line in result_lines(self.game, self.state, humans):
            say(line)


_AGAIN = object()


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
            game, config, new_seed() if seed is None else seed, plan, terminal, imports=True
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
    )
