"""The built-in teaching model: deterministic, offline, on the OpenAI chat-completions wire.

* :mod:`.lexicon`, :mod:`.nlu`, :mod:`.dates`, :mod:`.clauses`, :mod:`.kinds` — vocabulary and reading
  skills (stems and typos, concepts, calendar and relative dates, clauses and list items, parameter kinds);
* :mod:`.scanning`, :mod:`.limits` — linear text handling, and the documented input limits (provider 400s);
* :mod:`.romanise`, :mod:`.ids`, :mod:`.references`, :mod:`.negation`, :mod:`.no_call`, :mod:`.repair` — what
  learners really type (pinyin, romanisations, slang, ids in other shapes, "the second one", what they rule
  out), questions that need no call, and a retry after a tool's format error;
* :mod:`.comparing`, :mod:`.gloss`, :mod:`.untrusted` — answers that state comparisons and extremes, keep the
  learner's language, and treat text inside tool results as data;
* :mod:`.explain`, :mod:`.why` — the reading steps of a turn, in both languages, for the decision record;
* :mod:`.reading`, :mod:`.policy`, :mod:`.choosing`, :mod:`.arguments`, :mod:`.planner` — the model's
  skills for a turn (the conversation, the system prompt's restrictions and injected text, which tools,
  which arguments), and :mod:`.answers`, :mod:`.phrasing`, :mod:`.smalltalk` — the words of an answer;
  combined by :mod:`.brain` into one decision per turn;
* :mod:`.record` — the decision record (``x-builtin-decision`` header) and its parser;
* :mod:`.validation`, :mod:`.message_rules` — the provider's request checks and its 400s;
* :mod:`.sampling`, :mod:`.tokens` — the decision written out under ``stop``, ``max_tokens``, ``n``, ``logprobs``;
* :mod:`.endpoint` — :class:`BuiltinModel`: request in, ``chat.completion`` out;
* :mod:`.streaming` — the same answer as ``chat.completion.chunk`` server-sent events;
* :mod:`.responses` — ``POST /v1/responses``: the same model on the Responses API wire;
* :mod:`.anthropic_wire` — ``POST /v1/messages``: the same model on Anthropic's Messages wire;
* :mod:`.gemini_wire` — ``POST /v1beta/models/{model}:generateContent``: the same model on Gemini's wire;
* :mod:`.protocol` — ids, model objects, the error body;
* :mod:`.transport` — routing, and the in-process httpx transports ``ChatOpenAI`` talks through;
  :mod:`.transport2` — the same for ``httpx2`` clients (the anthropic SDK, google-genai);
* :mod:`.connections` — the server's waiting connections (one selector) and read deadlines;
* :mod:`.server` — ``python -m toolcall_lab.offline serve --port 8765``: the same endpoint over real HTTP.
"""

from toolcall_lab.offline.endpoint import BUILTIN_MODEL_ID, BuiltinModel, EndpointError
from toolcall_lab.offline.record import DECISION_HEADER, DecisionRecord, decision_of, parse_decision_header
from toolcall_lab.offline.transport import AsyncBuiltinTransport, BuiltinTransport

__all__ = [
    "BUILTIN_MODEL_ID",
    "DECISION_HEADER",
    "AsyncBuiltinTransport",
    "BuiltinModel",
    "BuiltinTransport",
    "DecisionRecord",
    "EndpointError",
    "decision_of",
    "parse_decision_header",
]
