"""Streamlit's websocket messages (``streamlit.proto``), for the classroom load benchmark's protocol client.

``benchmarks/classroom_load`` speaks Streamlit's own wire format to the server, as a browser tab
does: it sends ``BackMsg`` (with each widget's ``WidgetState``) and reads ``ForwardMsg``. Those are
Streamlit's protobuf classes, so the client needs them; by the house rule (nothing outside ``app.py``
and ``pages/`` imports streamlit) it takes them from here, and this module only names them.

Importing it costs a server nothing: ``import streamlit`` has loaded these three modules already.
(Not to be confused with ``pages/_ui/wire_switch.py``, the lesson's switch between two LLM wire formats.)
"""

from __future__ import annotations

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

__all__ = ["BackMsg", "ForwardMsg", "WidgetState"]
