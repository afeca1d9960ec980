"""The value a browser reports for a widget the user has not touched, rebuilt from the widget's own proto.

Streamlit's frontend sends the state of every widget on the page with each ``rerun_script`` (its
WidgetStateManager): a radio or selectbox its option's text (no value when nothing is picked), a button
group the texts of its selected options, a checkbox its bool, a number input an int or a double, a text
input its string, a file uploader an empty uploader state. ``capture.py`` checks the result against what
Chromium sends on /live_run.
"""

from __future__ import annotations

from typing import Any

from pages.serving.protocol import WidgetState


def default_state(kind: str, w: Any) -> WidgetState | None:
    """The value the browser reports for a widget the user has not touched (its default or server-set value)."""
    s = WidgetState(id=w.id)
    if kind in ("radio", "selectbox"):
        if w.set_value and w.raw_value:
            s.string_value = w.raw_value
        elif not w.HasField("default"):
            return s  # nothing picked at first (index=None): the browser reports the widget with no value
        elif len(w.options) > w.default >= 0:
            s.string_value = w.options[w.default]
        else:
            return None
    elif kind == "button_group":
        s.string_array_value.data.extend(
            [w.raw_values[i] for i in range(len(w.raw_values))]
            if w.set_value
            else [w.options[i].content for i in w.default if i < len(w.options)]
        )
    elif kind == "checkbox":
        s.bool_value = w.value if w.set_value else w.default
    elif kind == "number_input":
        v = w.value if w.set_value else w.default
        if w.data_type == type(w).INT:
            s.int_value = int(v)
        else:
            s.double_value = float(v)
    elif kind in ("text_input", "text_area"):
        s.string_value = w.value if w.set_value else w.default
    elif kind == "file_uploader":
        s.file_uploader_state_value.SetInParent()
    else:
        return None  # buttons and chat inputs are triggers; other widgets keep their server-side value
    return s
