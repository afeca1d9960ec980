"""The built-in teaching model: deterministic, offline, on the OpenAI chat-completions wire.

* :mod:`.lexicon`, :mod:`.nlu` — vocabulary and reading skills (language, concepts, dates, ids, cities);
* :mod:`.reading`, :mod:`.choosing`, :mod:`.arguments`, :mod:`.answers` — the model's skills,
  combined by :mod:`.brain` into one decision per turn (which tools, which arguments, what answer);
* :mod:`.validation`, :mod:`.message_rules` — the provider's request checks and its 400s;
* :mod:`.sampling`, :mod:`.tokens` — the decision written out under ``stop``, ``max_tokens``, ``n``, ``logprobs``;
* :mod:`.endpoint` — :class:`BuiltinModel`: request in, ``chat.completion`` out;
* :mod:`.streaming` — the same answer as ``chat.completion.chunk`` server-sent events;
* :mod:`.responses` — ``POST /v1/responses``: the same model on the Responses API wire;
* :mod:`.protocol` — ids, model objects, the error body;
* :mod:`.transport` — routing, and the in-process httpx transports ``ChatOpenAI`` talks through;
* :mod:`.server` — ``python -m toolcall_lab.offline serve --port 8765``: the same endpoint over real HTTP.
"""

from toolcall_lab.offline.endpoint import BUILTIN_MODEL_ID, BuiltinModel, EndpointError
from toolcall_lab.offline.transport import AsyncBuiltinTransport, BuiltinTransport

__all__ = ["BUILTIN_MODEL_ID", "AsyncBuiltinTransport", "BuiltinModel", "BuiltinTransport", "EndpointError"]
