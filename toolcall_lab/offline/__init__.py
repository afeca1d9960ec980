"""The built-in teaching model: deterministic, offline, on the OpenAI chat-completions wire.

* :mod:`.nlu` — reading skills (language, concepts, dates, ids, cities, keywords);
* :mod:`.brain` — decisions (which tools, which arguments, what answer);
* :mod:`.endpoint` — the endpoint: request validation, script replay, response bodies;
* :mod:`.transport` — the in-process httpx transport ``ChatOpenAI`` talks through;
* ``python -m toolcall_lab.offline serve --port 8765`` — the same endpoint over real HTTP.
"""

from toolcall_lab.offline.endpoint import BUILTIN_MODEL_ID, BuiltinModel, EndpointError
from toolcall_lab.offline.transport import BuiltinTransport

__all__ = ["BUILTIN_MODEL_ID", "BuiltinModel", "BuiltinTransport", "EndpointError"]
