"""Decoding and checking what clients send: JSON text, strings and integers.

This module knows no web framework. `decode_json` turns a request body or a WebSocket
message into Python values, bounded before the parse finishes (nesting depth, digits
of a number) and refusing what is not valid Unicode text; `text_field` and `int_field`
check one field of it. Each refusal is a `ServerError` whose code (`bad_json`,
`bad_request`, ...) the server sends back as it is.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any

from numrules.core.errors import NumrulesError

MAX_DEPTH = 32
"""Nesting (arrays and objects inside each other) a client's JSON may have at most."""
MAX_DIGITS = 30
"""Digits a number in a client's JSON may have at most."""
MAX_SAFE_INT = 2**53 - 1
"""The largest `seq` or `at`: a JavaScript number holds it exactly, SQLite stores it."""
MAX_NAME = 40
"""Characters of a player's name (a longer one is cut)."""
MAX_TOKEN = 200
"""Characters of a seat token (a longer one is refused)."""

# A JSON string (its closing quote optional, so that an unterminated one ends the scan
# instead of being tried again from each later quote), or one bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)
# An escape that may stand for half of a surrogate pair (D800 to DFFF).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
# Surrogates and control characters (C0, DEL, C1), refused in text fields.
_NOT_TEXT = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_SURROGATES = re.compile(r"[\ud800-\udfff]")


class ServerError(NumrulesError):
    """A request the server refuses: `code` names the reason, `status` is the HTTP status."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.message = message
        self.seq: Any = None
        """The `seq` of the message this error answers, if it had one."""


def decode_json(
    data: bytes | bytearray | str, *, max_depth: int = MAX_DEPTH, max_digits: int = MAX_DIGITS
) -> Any:
    r"""Parse a client's JSON text, refusing what the server does not take.

    Refused: bytes that are not UTF-8, text that is not JSON, arrays and objects nested
    deeper than `max_depth` (found by a scan of the brackets before parsing), a number
    with more than `max_digits` digits or one that is not finite (`NaN`, `Infinity`,
    `1e999`), and any string (an object key too) that is not valid Unicode text: a lone
    surrogate such as `"\ud800"`. An escaped surrogate pair (an emoji) is fine.

    Args:
        data: The JSON text, or its UTF-8 bytes.
        max_depth: The deepest nesting allowed.
        max_digits: The most digits a number may have.

    Returns:
        The parsed value.

    Raises:
        ServerError: `bad_json`, with a message saying why.

    """
    if isinstance(data, bytes | bytearray):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ServerError("bad_json", f"not JSON: not UTF-8 text ({exc.reason})") from exc
    else:
        text = data
        if _SURROGATES.search(text):
            raise ServerError("bad_json", "not JSON: not valid Unicode text")
    if text.count("[") + text.count("{") > max_depth:
        _check_depth(text, max_depth)

    def number(literal: str) -> None:
        if sum(c.isdigit() for c in literal) > max_digits:
            raise ServerError("bad_json", f"a number has more than {max_digits} digits")

    def parse_int(literal: str) -> int:
        number(literal)
        return int(literal)

    def parse_float(literal: str) -> float:
        number(literal)
        value = float(literal)
        if math.isinf(value):
            raise ServerError("bad_json", f"the number {literal} is too large")
        return value

    def parse_constant(name: str) -> Any:
        raise ServerError("bad_json", f"{name} is not a JSON number")

    try:
        value = json.loads(
            text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant
        )
    except json.JSONDecodeError as exc:
        raise ServerError("bad_json", f"not JSON: {exc}") from exc
    except RecursionError as exc:  # the depth scan makes this unreachable; kept as a guard
        raise ServerError("bad_json", f"nested deeper than {max_depth} levels") from exc
    if _SURROGATE_ESCAPE.search(text) and not _valid_strings(value):
        raise ServerError("bad_json", "a string is not valid Unicode text (a lone surrogate)")
    return value


def _check_depth(text: str, max_depth: int) -> None:
    # The nesting of brackets outside strings, without parsing.
    depth = 0
    for match in _TOKENS.finditer(text):
        first = match.group()[0]
        if first in "[{":
            depth += 1
            if depth > max_depth:
                raise ServerError("bad_json", f"nested deeper than {max_depth} levels")
        elif first in "]}":
            depth -= 1


def _valid_strings(value: Any) -> bool:
    # Whether every string in a parsed value (keys too) is free of surrogates.
    if isinstance(value, str):
        return valid_text(value, controls=True)
    if isinstance(value, list):
        return all(_valid_strings(item) for item in value)
    if isinstance(value, dict):
        return all(valid_text(key, controls=True) and _valid_strings(v) for key, v in value.items())
    return True


def valid_text(text: str, *, controls: bool = False) -> bool:
    """Whether `text` is valid Unicode text (no surrogate) without control characters.

    Args:
        text: The string to look at.
        controls: Whether control characters (C0, DEL, C1) are allowed.

    Returns:
        True if the string may be taken as it is.

    """
    return (_SURROGATES if controls else _NOT_TEXT).search(text) is None


def clean_text(value: Any, max_length: int) -> str:
    """`value` as valid text for display: control characters dropped, surrogates replaced.

    For strings that did not pass through `text_field` (read back from an older store).

    Args:
        value: Any value; a non-string becomes its `str()`.
        max_length: The most characters kept.

    Returns:
        Valid Unicode text of at most `max_length` characters.

    """
    text = value if isinstance(value, str) else str(value)
    if valid_text(text):
        return text[:max_length]
    kept = (
        "\ufffd" if unicodedata.category(c) == "Cs" else c
        for c in text
        if unicodedata.category(c) != "Cc"
    )
    return "".join(kept)[:max_length]


def text_field(
    value: Any,
    field: str,
    *,
    max_length: int,
    empty: bool = True,
    cut: bool = False,
    code: str = "bad_request",
    hint: str = "",
) -> str:
    """Check a string field: valid Unicode text, no control characters, bounded length.

    Args:
        value: What the client sent.
        field: The field's name, for the message.
        max_length: The most characters allowed.
        empty: Whether the empty string is allowed.
        cut: Cut a longer string to `max_length` instead of refusing it.
        code: The error code of a refusal.
        hint: Said after the reason of a refusal (what the field should hold).

    Returns:
        The string.

    Raises:
        ServerError: `code`, status 400, when the value is refused.

    """
    after = f" ({hint})" if hint else ""
    if not isinstance(value, str):
        raise ServerError(code, f"{field} must be a string{after}")
    text: str = value
    if not empty and not text:
        raise ServerError(code, f"{field} must not be empty{after}")
    if len(text) > max_length:
        if not cut:
            raise ServerError(code, f"{field} is at most {max_length} characters{after}")
        text = text[:max_length]
    if not valid_text(text):
        raise ServerError(
            code, f"{field} must be valid Unicode text without control characters{after}"
        )
    return text


def int_field(
    value: Any, field: str, *, low: int, high: int, code: str = "bad_request", hint: str = ""
) -> int:
    """Check an integer field: an int (not a bool) in `low..high`.

    Args:
        value: What the client sent.
        field: The field's name, for the message.
        low: The smallest value allowed.
        high: The largest value allowed.
        code: The error code of a refusal.
        hint: Said after the reason of a refusal (what the field should hold).

    Returns:
        The integer.

    Raises:
        ServerError: `code`, status 400, when the value is refused.

    """
    if type(value) is not int or not low <= value <= high:
        after = f" ({hint})" if hint else ""
        raise ServerError(code, f"{field} must be an int in {low}..{high}{after}")
    return value
