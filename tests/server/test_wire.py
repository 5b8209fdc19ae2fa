"""numrules.apps.server.wire: the JSON decoder and the field checks refuse what they should."""

from __future__ import annotations

import json

import pytest

from numrules.apps.server import ServerError
from numrules.apps.server.wire import (
    MAX_SAFE_INT,
    clean_text,
    decode_json,
    int_field,
    text_field,
    valid_text,
)


def _code(call: object, *args: object, **kwargs: object) -> str:
    assert callable(call)
    with pytest.raises(ServerError) as caught:
        call(*args, **kwargs)
    return caught.value.code


def test_decodes_ordinary_json() -> None:
    text = '{"a": [1, -2.5, true, null, "x"], "\\ud83d\\ude00": "\\u00e9"}'
    assert decode_json(text) == {"a": [1, -2.5, True, None, "x"], "\U0001f600": "é"}
    assert decode_json(text.encode()) == decode_json(text)
    assert decode_json(bytearray(b"[]")) == []


@pytest.mark.parametrize(
    "text",
    [
        '"\\ud800"',
        '["ok", "a\\udfffb"]',
        '{"\\udc00": 1}',
        '{"a": {"b": ["\\ud83d"]}}',
        '"\\ude00\\ud83d"',  # the halves of a pair in the wrong order
        '"\ud800"',  # a raw surrogate in the text itself
    ],
)
def test_lone_surrogates_are_refused(text: str) -> None:
    assert _code(decode_json, text) == "bad_json"


def test_bytes_that_are_not_utf8_are_refused() -> None:
    assert _code(decode_json, b'"\xff"') == "bad_json"
    assert _code(decode_json, '"\ud800"'.encode("utf-8", "surrogatepass")) == "bad_json"
    assert _code(decode_json, '"a"'.encode("utf-16")) == "bad_json"


def test_nesting_is_bounded_before_parsing() -> None:
    assert decode_json("[" * 32 + "]" * 32) is not None
    assert _code(decode_json, "[" * 33 + "]" * 33) == "bad_json"
    assert _code(decode_json, "[" * 100_000) == "bad_json"
    assert _code(decode_json, '{"a":' * 40 + "1" + "}" * 40) == "bad_json"
    assert decode_json("[" * 5 + "]" * 5, max_depth=5) is not None
    assert _code(decode_json, "[" * 6 + "]" * 6, max_depth=5) == "bad_json"


def test_brackets_inside_strings_are_not_nesting() -> None:
    inside = json.dumps(["[" * 100 + '\\"{' * 50, "]]]"])
    assert decode_json(inside) == ["[" * 100 + '\\"{' * 50, "]]]"]
    unterminated = '["' + '\\"[' * 2000
    assert "not JSON" in _message(unterminated)


def _message(text: str) -> str:
    with pytest.raises(ServerError) as caught:
        decode_json(text)
    return caught.value.message


@pytest.mark.parametrize(
    "text", ["1" * 31, "-" + "1" * 31, "1" * 5000, "1." + "0" * 40, "1e999", "-1e999"]
)
def test_numbers_are_bounded(text: str) -> None:
    assert _code(decode_json, text) == "bad_json"


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "[1, NaN]"])
def test_constants_that_are_not_json_are_refused(text: str) -> None:
    assert _code(decode_json, text) == "bad_json"


def test_numbers_within_bounds() -> None:
    assert decode_json("9" * 30) == int("9" * 30)
    assert decode_json("-1.5e300") == -1.5e300
    assert decode_json(str(2**63)) == 2**63


def test_text_field() -> None:
    assert text_field("Ada \U0001f600", "name", max_length=40) == "Ada \U0001f600"
    assert text_field("x" * 50, "name", max_length=40, cut=True) == "x" * 40
    assert text_field("", "name", max_length=40) == ""
    for bad in (None, 3, ["a"], "a\x00b", "tab\t", "\x9b", "\ud800", "x" * 41):
        assert _code(text_field, bad, "name", max_length=40) == "bad_request"
    assert _code(text_field, "", "action", max_length=40, empty=False) == "bad_request"
    assert _code(text_field, 1, "token", max_length=9, code="bad_token") == "bad_token"
    with pytest.raises(ServerError, match="notation"):
        text_field(12, "action", max_length=200, hint="a non-empty string of notation")


def test_int_field() -> None:
    assert int_field(MAX_SAFE_INT, "seq", low=1, high=MAX_SAFE_INT) == MAX_SAFE_INT
    assert int_field(1, "seq", low=1, high=MAX_SAFE_INT) == 1
    for bad in (0, MAX_SAFE_INT + 1, 2**63, 10**30, True, 1.0, "1", None):
        assert _code(int_field, bad, "seq", low=1, high=MAX_SAFE_INT) == "bad_request"


def test_valid_text_and_clean_text() -> None:
    assert valid_text("é\U0001f600")
    assert not valid_text("a\nb")
    assert valid_text("a\nb", controls=True)
    assert not valid_text("\udfff", controls=True)
    assert clean_text("a\x00b\ud800c" + "d" * 50, 5) == "ab\ufffdcd"
    assert clean_text(None, 10) == "None"
    assert clean_text("Ada", 2) == "Ad"
