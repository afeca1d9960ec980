"""The search assistant specimen (from the Dialogue_System article).

Modules, each importable on its own and free of side effects at import:

* ``search`` — one search interface, Tavily or an offline BM25 corpus (``corpus.json``);
* ``workflow`` — the fixed START → understand → search → answer → END graph, review fixes applied;
* ``original`` — the first version, with the six review findings left in to be observed;
* ``agent`` — the model → tools → model agent with ``search_web`` / ``SearchArgs``;
* ``approval`` — ``interrupt()`` before a side-effect tool (``notify_teacher``);
* ``context`` — trimming a model call without splitting tool-call pairs;
* ``preferences`` — thread_id vs user_id, with a Store;
* ``restart_demo`` — a two-process check that a thread survives a restart;
* ``lessons`` — the data functions the LangGraph lesson pages render.
"""
