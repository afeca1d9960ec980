"""scripts/page_snapshots.py masks what changes from run to run — inside dataframes too — and
nothing else, so a diff of two trees' snapshots shows only what a learner would see change."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pyarrow as pa

_PATH = Path(__file__).resolve().parents[2] / "scripts" / "page_snapshots.py"
_SPEC = importlib.util.spec_from_file_location("page_snapshots", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
snapshots = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(snapshots)


def _as_protobuf_text(table: pa.Table) -> str:
    """A table's Arrow bytes the way protobuf text prints them (octal escapes)."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    raw = sink.getvalue().to_pybytes()
    escaped = "".join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\' else f"\\{b:03o}" for b in raw)
    return f'arrow_data {{\n  data: "{escaped}"\n}}'


def _table(call_id: str, latency: float) -> str:
    return _as_protobuf_text(pa.table({"id": [call_id], "latency_ms": [latency], "city": ["Bangkok"]}))


def test_two_runs_of_a_table_differing_only_in_ids_and_timings_mask_alike():
    first = snapshots.mask(_table("call_bf1364ec1788449e8b9ee940", 201.2))
    second = snapshots.mask(_table("call_40d1fac59e0f496eba6acba5", 273.3))
    assert first == second
    assert "table_row" in first and "Bangkok" in first


def test_a_table_whose_content_differs_still_differs():
    other = _as_protobuf_text(
        pa.table({"id": ["call_40d1fac59e0f496eba6acba5"], "latency_ms": [1.0], "city": ["Tokyo"]})
    )
    assert snapshots.mask(_table("call_bf1364ec1788449e8b9ee940", 1.0)) != snapshots.mask(other)


def test_text_that_is_not_arrow_is_left_to_the_other_masks():
    assert snapshots.mask('data: "not arrow"') == 'data: "not arrow"'


def test_a_function_name_in_shown_source_is_not_masked_as_an_id():
    assert snapshots.mask("observation = run_tool_node(state)") == "observation = run_tool_node(state)"
    assert snapshots.mask("id: run-8f3a9c2e1b") != "id: run-8f3a9c2e1b"
