"""Pure functions behind the eight chain pages, one module (or a few) per stage.

:mod:`.core` holds the few real lines of each stage, written for learners to read; the
machinery below calls them, so the narrated core a page shows is the code that runs.

============  ===========================  ===============================================
stage         modules                      main functions
============  ===========================  ===============================================
1 @tool       :mod:`.tool_source`          ``parse_tool_source(source, parse_docstring=None)``
              (:mod:`.function_source`,    reading the ``def``; annotations mapped to types
              :mod:`.annotations`)
2 schema      :mod:`.schema`               ``schema_views(tool)``, ``json_diff(a, b)``
              :mod:`.args_model`           ``parse_args_model(source)``
              (:mod:`.model_source`,       reading the classes; checking each rule
              :mod:`.model_rules`)
3 bind_tools  :mod:`.wire`                 ``bind_tools_payload(tools, messages, tool_choice=,
                                           parallel_tool_calls=)``, ``payload_for_source``
4 tool_call   :mod:`.tool_call`            ``scripted_tool_call(calls)``, ``calls_from_text``
5 validation  :mod:`.validation` (index)   ``json_stage(text)`` (:mod:`.json_layer`),
                                           ``validate_stage(value, model, strict=, extra=)``
                                           (:mod:`.shape_layer`), ``fact_stage(subject,
                                           args)`` (:mod:`.fact_layer`)
6 kwargs      :mod:`.kwargs`               ``call_plain``, ``order_demo``, ``wrong_name_demo``,
                                           ``invoke_vs_call``, ``syntax_demo``
7 message     :mod:`.tool_message`         ``error_demo``, ``artifact_demo``, ``output_cases``,
              (:mod:`.tool_node`)          ``pairing_demo(mode)``; ``run_tool_node``,
                                           ``run_from_text``
8 round trip  :mod:`.round_trip`           ``run_round_trip(question)``, ``step_through(run)``
============  ===========================  ===============================================

Shared: :mod:`.weather_data` (the subject tool and its local dataset), :mod:`.models`
(``WeatherInput``, ``WeatherResult``), :mod:`.catalog` (the ordered stage list),
:mod:`.examples` (the inputs each page loads with one click) and :mod:`.tables` (stage
results shaped into the rows the pages show).

Every function returns plain data (or a dataclass with ``to_dict()``), or an
:class:`~toolcall_lab.errors.ExplainedError` — never raises on bad learner input.
Learner code is parsed with :mod:`ast`, never executed. Sub-modules are imported by their
users; importing this package costs nothing.
"""
