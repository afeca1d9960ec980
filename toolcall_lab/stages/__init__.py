"""Pure functions behind the eight chain pages, one module per stage.

============  ======================  ==================================================
stage         module                  main functions
============  ======================  ==================================================
1 @tool       :mod:`.tool_source`     ``parse_tool_source(source, parse_docstring=None)``
2 schema      :mod:`.schema`          ``schema_views(tool)``, ``json_diff(a, b)``,
              :mod:`.args_model`      ``parse_args_model(source)``
3 bind_tools  :mod:`.wire`            ``bind_tools_payload(tools, messages, tool_choice=,
                                      parallel_tool_calls=)``
4 tool_call   :mod:`.tool_call`       ``scripted_tool_call(calls)``
5 validation  :mod:`.validation`      ``json_stage(text)``, ``validate_stage(value, model,
                                      strict=, extra=)``, ``fact_stage(subject, args)``
6 kwargs      :mod:`.kwargs`          ``render_call``, ``order_demo``, ``wrong_name_demo``,
                                      ``invoke_vs_call``, ``syntax_demo``
7 message     :mod:`.tool_message`    ``run_tool_node``, ``error_demo``, ``artifact_demo``,
                                      ``output_cases``, ``pairing_demo(mode)``
8 round trip  :mod:`.round_trip`      ``run_round_trip(question)``, ``step_through(run)``
============  ======================  ==================================================

Shared: :mod:`.weather_data` (the subject tool and its local dataset), :mod:`.models`
(``WeatherInput``, ``WeatherResult``), :mod:`.catalog` (the ordered stage list).

Every function returns plain data (or a dataclass with ``to_dict()``), or an
:class:`~toolcall_lab.errors.ExplainedError` — never raises on bad learner input.
Learner code is parsed with :mod:`ast`, never executed. Sub-modules are imported by their
users; importing this package costs nothing.
"""
