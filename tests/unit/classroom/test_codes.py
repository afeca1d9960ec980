"""Class codes: short, read off a projector without guessing, typed forgivingly, checked before the database."""

from __future__ import annotations

import doctest
import importlib
import random

import pytest

from toolcall_lab.classroom import (
    ALPHABET,
    InvalidCode,
    check_code,
    clean_display_name,
    is_class_code,
    join_link,
    new_code,
    normalize_code,
    public_params,
)


def test_the_alphabet_has_no_look_alikes():
    assert len(ALPHABET) == len(set(ALPHABET)) == 31
    assert not set("0O1IL") & set(ALPHABET)


def test_codes_are_six_characters_of_the_alphabet_and_vary():
    codes = {new_code() for _ in range(500)}
    assert all(len(c) == 6 and set(c) <= set(ALPHABET) for c in codes)
    assert len(codes) == 500  # 887 million codes: 500 draws do not repeat


def test_a_seeded_generator_gives_the_same_codes():
    assert new_code(random.Random(7)) == new_code(random.Random(7))


@pytest.mark.parametrize(("typed", "code"), [("abc234", "ABC234"), (" ab-c 2.34 ", "ABC234"), ("ABC_234", "ABC234")])
def test_typing_is_forgiving(typed, code):
    assert normalize_code(typed) == code and is_class_code(code)


@pytest.mark.parametrize("bad", ["ABC23", "ABC2345", "ABC0O1", "abc234", "ÄBC234", "", None, 123456, "ABC23'"])
def test_anything_else_is_refused(bad):
    assert not is_class_code(bad)
    with pytest.raises(InvalidCode):
        check_code(bad)


def test_display_names_are_trimmed_and_bounded():
    assert clean_display_name("  Ada  Lovelace ") == "Ada Lovelace"
    assert clean_display_name("小明\u202e\x00") == "小明"  # control and direction-override characters go
    assert clean_display_name("x" * 100) == "x" * 40
    assert clean_display_name("") is None and clean_display_name(None) is None


def test_a_position_never_carries_anyones_own_parameters():
    link = {"step": "2", "lang": "zh", "learner": "L", "class": "C", "present": "1", "follow": "1", "q": "曼谷"}
    assert public_params(link) == {"lang": "zh", "q": "曼谷", "step": "2"}


@pytest.mark.parametrize(
    ("url", "path", "expected"),
    [
        ("http://127.0.0.1:8501/stage_4_tool_call", "stage_4_tool_call", "http://127.0.0.1:8501/?class=ABC234&lang=en"),
        ("http://127.0.0.1:8501/", "", "http://127.0.0.1:8501/?class=ABC234&lang=en"),
        ("http://127.0.0.1:8501", "", "http://127.0.0.1:8501/?class=ABC234&lang=en"),
        ("https://lab.example.edu/lab/live_run", "live_run", "https://lab.example.edu/lab/?class=ABC234&lang=en"),
        (None, "live_run", "/?class=ABC234&lang=en"),
    ],
)
def test_the_join_link_is_the_apps_address_with_the_code_and_no_learner(url, path, expected):
    assert join_link(url, path, "ABC234", "en") == expected


@pytest.mark.parametrize("name", ["codes", "store", "results"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(f"toolcall_lab.classroom.{name}"))
    assert result.failed == 0 and result.attempted > 0
