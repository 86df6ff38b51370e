# The official Python gherkin's event stream, as its CLI prints it: one JSON line each.
import json, sys
from pathlib import Path
from gherkin.stream.gherkin_events import GherkinEvents
from gherkin.stream.source_events import SourceEvents
options = GherkinEvents.Options(print_source=True, print_ast=True, print_pickles=True)
events = GherkinEvents(options)
out = sys.stdout
for source in SourceEvents([Path(p) for p in sys.argv[1:]]).enum():
    for event in events.enum(source):
        out.write(json.dumps(event, separators=(",", ":")) + "\n")
