"""Export, reset, import: the learner's own progress leaves and comes back whole; bad files are refused."""

from __future__ import annotations

import copy
import json

import pytest

from tests.unit.progress.conftest import ADA, BEN, Clock
from toolcall_lab.progress import REASONS, ImportSummary, InvalidImport, ProgressStore, attempt_id_for

# An old page file no course page has any more: its numbered ids are never renamed, they import as they are
P4 = "pages/stage_4_tool_args.py"
P5 = "pages/stage_5_json_loads.py"
E41 = "stage_4_tool_args/1"
WRONG, RIGHT = {"name": "weather", "城市": "曼谷"}, {"name": "get_weather"}
A1, A2 = attempt_id_for(E41, WRONG), attempt_id_for(E41, RIGHT)  # the ids the page makes


def agrees(exercise_id: str, answer: object) -> bool | None:
    """A re-check for these tests: stage 4's exercise 1 is right with get_weather; nothing else can be checked."""
    return answer == RIGHT if exercise_id == E41 else None


def _some_progress(store: ProgressStore, clock: Clock) -> None:
    store.record_visit(ADA, P4)
    clock.now = 110.0
    store.record_attempt(ADA, E41, A1, WRONG, False, page_path=P4)
    clock.now = 130.0
    store.record_attempt(ADA, E41, A2, RIGHT, True, page_path=P4)
    clock.now = 200.0
    store.record_visit(ADA, P5)
    clock.now = 300.0  # the export's own time


def test_the_export_worked_example(store: ProgressStore, clock: Clock) -> None:
    _some_progress(store, clock)
    assert store.export_json(ADA) == {
        "format": "toolcall-lab/progress",
        "version": 1,
        "exported_at": 300.0,
        "last_page": {"page_path": P5, "at": 200.0},
        "pages": [
            {"page_path": P4, "first_visit_at": 100.0, "last_visit_at": 100.0, "visits": 1},
            {"page_path": P5, "first_visit_at": 200.0, "last_visit_at": 200.0, "visits": 1},
        ],
        "attempts": [
            {
                "attempt_id": A1,
                "exercise_id": E41,
                "page_path": P4,
                "answer": {"name": "weather", "城市": "曼谷"},
                "correct": False,
                "at": 110.0,
            },
            {
                "attempt_id": A2,
                "exercise_id": E41,
                "page_path": P4,
                "answer": {"name": "get_weather"},
                "correct": True,
                "at": 130.0,
            },
        ],
    }
    assert ADA not in json.dumps(store.export_json(ADA))  # the file does not carry the key to the progress


def test_export_reset_import_round_trip(store: ProgressStore, clock: Clock) -> None:
    _some_progress(store, clock)
    before = store.export_json(ADA)
    states, pages = store.exercise_states(ADA), store.page_progress(ADA)
    text = json.dumps(before, ensure_ascii=False)  # what the learner downloads

    store.reset(ADA)
    assert store.page_progress(ADA) == {}

    assert store.import_json(ADA, text.encode(), recheck=agrees) == ImportSummary(2, 2, rechecked=2)
    assert store.export_json(ADA) == before
    assert (store.exercise_states(ADA), store.page_progress(ADA), store.last_page(ADA)) == (states, pages, P5)
    # Importing the same file again changes nothing.
    assert store.import_json(ADA, before, recheck=agrees) == ImportSummary(0, 2, rechecked=2)
    assert store.export_json(ADA) == before


def test_import_into_another_learner_moves_progress_to_a_new_device(store: ProgressStore, clock: Clock) -> None:
    _some_progress(store, clock)
    store.record_visit(BEN, P4)  # Ben (Ada on her new laptop) has visited P4 once, at t=300
    store.import_json(BEN, store.export_json(ADA), recheck=agrees)
    assert store.exercise_states(BEN) == store.exercise_states(ADA)
    assert store.page_progress(BEN)[P4].visits == 1  # merged: the larger count, not the sum
    assert store.page_progress(BEN)[P4].first_visit_at == 100.0 and store.page_progress(BEN)[P4].last_visit_at == 300.0
    assert store.last_page(BEN) == P4  # his own visit at t=300 is later than the file's (t=200)


def _valid() -> dict:
    return {
        "format": "toolcall-lab/progress",
        "version": 1,
        "exported_at": 300.0,
        "last_page": None,
        "pages": [],
        "attempts": [{"attempt_id": "a", "exercise_id": E41, "page_path": P4, "answer": 1, "correct": True, "at": 1.0}],
    }


def _with(path: str, value: object) -> dict:
    """The valid document with one field replaced (``attempts.0.correct``) or removed (value ``...``)."""
    doc = copy.deepcopy(_valid())
    *parents, last = path.split(".")
    target = doc
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    if value is ...:
        del target[last]
    else:
        target[last] = value
    return doc


REFUSED = [
    ("not_json", "{this is not json"),
    ("not_json", '{"x": NaN}'),
    ("not_an_object", "[1, 2, 3]"),
    ("not_an_object", None),
    ("foreign_format", {"messages": []}),
    ("foreign_format", _with("format", "toolcall-lab/trace")),
    ("unsupported_version", _with("version", 2)),
    ("unsupported_version", _with("version", True)),
    ("too_large", _with("attempts", [_valid()["attempts"][0]] * 20_001)),
    ("too_large", "x" * 5_000_001),
    ("malformed", _with("attempts.0.correct", "yes")),
    ("malformed", _with("attempts.0.at", -1.0)),
    ("malformed", _with("attempts.0.exercise_id", "../../1")),
    ("malformed", _with("attempts.0.attempt_id", ...)),
    ("malformed", _with("attempts.0.learner_id", ADA)),  # an unknown key
    ("malformed", _with("attempts.0.answer", "x" * 20_001)),
    ("malformed", _with("pages", [{"page_path": "../x.py", "first_visit_at": 1, "last_visit_at": 1, "visits": 1}])),
    ("malformed", _with("last_page", {"page_path": P4})),
]


@pytest.mark.parametrize(("reason", "data"), REFUSED, ids=[f"{r}-{i}" for i, (r, _) in enumerate(REFUSED)])
def test_a_bad_import_is_refused_with_a_reason_and_writes_nothing(
    store: ProgressStore, reason: str, data: object
) -> None:
    store.record_attempt(ADA, E41, "mine", "kept", False, page_path=P4)
    before = store.export_json(ADA)
    with pytest.raises(InvalidImport) as refused:
        store.import_json(ADA, data)
    assert refused.value.reason == reason and reason in REASONS
    assert refused.value.detail  # it says where or what
    assert store.export_json(ADA) == before


def test_a_malformed_field_is_named_in_the_detail(store: ProgressStore) -> None:
    with pytest.raises(InvalidImport) as refused:
        store.import_json(ADA, _with("attempts.0.correct", "yes"))
    assert refused.value.detail.startswith("attempts.0.correct: Input should be a valid boolean")


def test_the_valid_document_of_these_tests_is_accepted(store: ProgressStore) -> None:
    assert store.import_json(ADA, _valid(), recheck=lambda e, a: a == 1) == ImportSummary(1, 1, rechecked=1)
    assert store.exercise_state(ADA, E41).solved
