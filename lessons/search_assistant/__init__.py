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
* ``lesson_1_workflow_vs_agent`` … ``lesson_7_context`` — one module per LangGraph lesson
  page, returning plain data from real runs (``common`` holds what they share);
* ``lessons`` — an index re-exporting the lesson functions under the names they always had.
"""
