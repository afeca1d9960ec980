"""Class codes: short, read off a projector without guessing, typed forgivingly, checked before the database."""

from __future__ import annotations

import doctest
import importlib
import random

import pytest

import toolcall_lab.classroom as classroom
from toolcall_lab.classroom import codes


def test_the_package_hands_out_the_codes_module_itself():
    """``toolcall_lab.classroom`` re-exports what :mod:`.codes` defines: the very objects, not copies."""
    from_codes = [name for name in classroom.__all__ if name in vars(codes)]
    assert "check_code" in from_codes and "ALPHABET" in from_codes
    assert all(getattr(classroom, name) is getattr(codes, name) for name in from_codes)


def test_the_alphabet_has_no_look_alikes():
    assert len(codes.ALPHABET) == len(set(codes.ALPHABET)) == 31
    assert not set("0O1IL") & set(codes.ALPHABET)


def test_codes_are_six_characters_of_the_alphabet_and_vary():
    drawn = {codes.new_code() for _ in range(500)}
    assert all(len(c) == 6 and set(c) <= set(codes.ALPHABET) for c in drawn)
    assert len(drawn) == 500  # 887 million codes: 500 draws do not repeat


def test_a_seeded_generator_gives_the_same_codes():
    assert codes.new_code(random.Random(7)) == codes.new_code(random.Random(7))


@pytest.mark.parametrize(("typed", "code"), [("abc234", "ABC234"), (" ab-c 2.34 ", "ABC234"), ("ABC_234", "ABC234")])
def test_typing_is_forgiving(typed, code):
    assert codes.normalize_code(typed) == code and codes.is_class_code(code)


@pytest.mark.parametrize("bad", ["ABC23", "ABC2345", "ABC0O1", "abc234", "ÄBC234", "", None, 123456, "ABC23'"])
def test_anything_else_is_refused(bad):
    assert not codes.is_class_code(bad)
    with pytest.raises(codes.InvalidCode):
        codes.check_code(bad)


def test_display_names_are_trimmed_and_bounded():
    assert codes.clean_display_name("  Ada  Lovelace ") == "Ada Lovelace"
    assert codes.clean_display_name("小明\u202e\x00") == "小明"  # control and direction-override characters go
    assert codes.clean_display_name("x" * 100) == "x" * 40
    assert codes.clean_display_name("") is None and codes.clean_display_name(None) is None


def test_a_position_never_carries_anyones_own_parameters():
    link = {"step": "2", "lang": "zh", "learner": "L", "class": "C", "present": "1", "follow": "1", "q": "曼谷"}
    assert codes.public_params(link) == {"lang": "zh", "q": "曼谷", "step": "2"}


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
    assert codes.join_link(url, path, "ABC234", "en") == expected


@pytest.mark.parametrize("name", ["codes", "store", "results"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(f"toolcall_lab.classroom.{name}"))
    assert result.failed == 0 and result.attempted > 0
